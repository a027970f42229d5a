import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { authClient } from "./auth-client";
import { trpc, wsClient } from "../trpc";

/** The signed-in person and their profile (null for a visitor), shared by every screen. */
export function useMe() {
  return useQuery(trpc.profiles.me.queryOptions());
}

/**
 * Call after the session changed (sign-in, sign-up, sign-out): cached data belonged to the previous
 * person, and the subscription socket carries the old session until it reopens.
 */
export async function resetSessionState(queryClient: ReturnType<typeof useQueryClient>) {
  wsClient.close();
  // Not clear(): it would detach mounted observers (the header would keep showing the old session).
  // resetQueries drops every query's data and refetches those on screen.
  await queryClient.resetQueries();
  await queryClient.fetchQuery(trpc.profiles.me.queryOptions());
}

/** Signs out, forgets the session's data and goes to /auth. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await authClient.signOut();
    await resetSessionState(queryClient);
    await navigate({ to: "/auth" });
  };
}

import { matchQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";

import { trpc, wsClient } from "../trpc.ts";

/** The signed-in person and their profile (null for a visitor), shared by every screen. */
export function useMe() {
  return useQuery(trpc.profiles.me.queryOptions());
}

/**
 * Call after the session changed (sign-in, sign-up, sign-out): cached data belonged to the previous
 * person, and the subscription socket carries the old session until it reopens.
 */
export async function resetSessionState(queryClient: ReturnType<typeof useQueryClient>) {
  await wsClient.close();
  const meKey = trpc.profiles.me.queryKey();
  // Everything else belonged to the previous session. Every caller navigates next, and the next page's
  // loader asks again; refetching now would ask as the new session for the old one's data and fail.
  queryClient.removeQueries({ predicate: (query) => !matchQuery({ queryKey: meKey, exact: true }, query) });
  // Not remove() for `me`: that would detach its observers (the header would keep showing the old
  // session). resetQueries drops its data and refetches it on screen.
  await queryClient.resetQueries({ queryKey: meKey, exact: true });
  await queryClient.fetchQuery(trpc.profiles.me.queryOptions());
}

/** Signs out (this browser's push subscription first), forgets the session's data and goes to /auth. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // Best effort: a failure here never stops the sign-out. Loaded here, not with every page (decision 052).
    await import("./push-device.ts").then(({ stopPushOnThisDevice }) => stopPushOnThisDevice()).catch(() => undefined);
    // The auth client is loaded when it is needed, not with every page.
    const { authClient } = await import("./auth-client.ts");
    await authClient.signOut();
    await resetSessionState(queryClient);
    await navigate({ to: "/auth" });
  };
}

// Tabs of this browser tell each other when the account changed under them (docs/decisions/053).
const ACCOUNT_CHANNEL = "daywork-account";

/** Tells this browser's other open tabs that the account changed (an address was confirmed): they re-read `me`. */
export function announceAccountChange() {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(ACCOUNT_CHANNEL);
  channel.postMessage("changed");
  channel.close();
}

/**
 * Re-reads `me` when another tab of this browser says the account changed, so the "confirm your address"
 * banner and notice leave every open tab once the link is followed in one of them.
 */
export function useAccountChangesFromOtherTabs() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(ACCOUNT_CHANNEL);
    channel.onmessage = () => void queryClient.invalidateQueries({ queryKey: trpc.profiles.me.queryKey(), exact: true });
    return () => channel.close();
  }, [queryClient]);
}

import { useQuery, useQueryClient } from "@tanstack/react-query";

import { useMe } from "../../lib/session.ts";
import { trpc } from "../../trpc.ts";

/**
 * Whether the signed-in member blocked `personId` (their own blocks only: nothing here says whether
 * someone blocked them). `member` is false for visitors and half-onboarded accounts, who cannot block.
 */
export function useBlockedByMe(personId: string) {
  const me = useMe().data;
  const member = Boolean(me?.profile?.onboardingCompletedAt) && me?.user.id !== personId;
  const list = useQuery({ ...trpc.blocks.list.queryOptions(), enabled: member });
  const blocked = list.data?.some((b) => b.personId === personId) ?? false;
  return { member, ready: list.isSuccess, blocked };
}

/** After a block or an unblock: the list, and every conversation's "can message" state. */
export function useRefreshAfterBlock() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.blocks.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.chat.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.people.pathKey() }),
    ]);
}

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";

import { trpc, trpcClient } from "../trpc.ts";

/** What each kind of change makes stale on open pages (only queries in use refetch). */
function staleAfter(event: "notice" | "chat" | "resync"): QueryKey[] {
  const chats = trpc.chats.pathKey();
  if (event === "chat") return [chats];
  return [
    chats,
    trpc.notifications.list.pathKey(),
    trpc.jobs.pathKey(),
    trpc.applications.pathKey(),
    trpc.ratings.pathKey(),
    trpc.workHistory.pathKey(),
  ];
}

/**
 * While someone is signed in, one live feed tells this tab when something of theirs changed, and the pages
 * showing it re-read; after a reconnect the server says "resync" and everything shown is re-read once.
 */
export function useLiveChanges(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    let firstAnswer = true;
    const subscription = trpcClient.notifications.onChange.subscribe(undefined, {
      onData: ({ event, unread }) => {
        queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), unread);
        // The first answer only brings the count: what the page shows was just loaded.
        const skip = firstAnswer && event === "resync";
        firstAnswer = false;
        if (skip) return;
        for (const queryKey of staleAfter(event)) void queryClient.invalidateQueries({ queryKey });
      },
    });
    return () => subscription.unsubscribe();
  }, [signedIn, queryClient]);
}

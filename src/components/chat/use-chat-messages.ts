import { skipToken, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useCallback, useEffect, useMemo, useState } from "react";

import { CHAT_PAGE_MAX } from "../../../domain/chat.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { chatFailureText, isChatAccessDenied } from "./chat-errors.ts";
import { hasMessage, messagesOf, olderPageCursor, withMessages } from "./chat-history-pages.ts";
import type { ChatMessage } from "./types.ts";

/** Wait this long for a sent message to come back over the socket before re-reading the history. */
const SENT_ECHO_WAIT_MS = 2_000;
/** Pause before re-subscribing after the stream failed for a reason other than access. */
const RESUBSCRIBE_AFTER_MS = 3_000;

export type ChatMessagesState = {
  messages: ChatMessage[];
  /** The newest page is loading for the first time. */
  isPending: boolean;
  /** The newest page could not be loaded. */
  loadError: unknown;
  retryLoad: () => void;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  loadOlder: () => void;
  /** The socket is down (or the stream failed) and is being re-established. */
  isReconnecting: boolean;
  /** The live stream ended because the reader is no longer a participant. */
  accessLost: boolean;
  /** Call with a sent message's id: if the live stream does not bring it soon, the history is re-read. */
  expectMessage: (id: number) => void;
};

/**
 * A conversation's messages: chat.history as an infinite query (the newest page, older pages on demand)
 * and chat.onMessage over the WebSocket, whose messages are written into the query's newest page. wsLink
 * resumes the stream after the last received id by itself when the socket reconnects.
 */
export function useChatMessages(conversationId: string): ChatMessagesState {
  const queryClient = useQueryClient();
  const historyInput = { conversationId, limit: CHAT_PAGE_MAX };
  const historyKey = trpc.chat.history.infiniteQueryKey(historyInput);
  const history = useInfiniteQuery(
    trpc.chat.history.infiniteQueryOptions(historyInput, { getNextPageParam: olderPageCursor, refetchOnWindowFocus: false }),
  );
  const messages = useMemo(() => messagesOf(history.data), [history.data]);
  const newestId = messages.at(-1)?.id ?? 0;

  // A page read replaces the pages as they were when it started, so the stream waits while one is on its
  // way, then starts after the newest message read; what arrived in between comes with the catch-up.
  const settled = history.data !== undefined && !history.isFetching;
  const [streamFrom, setStreamFrom] = useState<number | null>(null);
  if (settled && streamFrom === null) setStreamFrom(newestId);
  if (!settled && streamFrom !== null) setStreamFrom(null);

  const live = useSubscription(
    trpc.chat.onMessage.subscriptionOptions(
      streamFrom === null ? skipToken : { conversationId, lastEventId: String(streamFrom) },
      { onData: ({ data }) => queryClient.setQueryData(historyKey, (pages) => pages && withMessages(pages, [data])) },
    ),
  );
  const streamDenied = live.status === "error" && isChatAccessDenied(live.error);
  const streamFailed = live.status === "error" && !streamDenied;
  // Again from where this stream began: what is already shown is merged by id.
  const { reset } = live;
  useEffect(() => {
    if (!streamFailed) return;
    const timer = setTimeout(reset, RESUBSCRIBE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [streamFailed, reset]);

  const { fetchNextPage, hasNextPage, refetch } = history;
  const loadOlder = useCallback(() => {
    if (!hasNextPage) return;
    void fetchNextPage({ cancelRefetch: false }).then((result) => {
      if (result.isFetchNextPageError && !isChatAccessDenied(result.error))
        toastError(result.error, chatFailureText(result.error, m.chat_load_failed()));
    });
  }, [fetchNextPage, hasNextPage]);

  const expectMessage = (id: number) => {
    setTimeout(() => {
      if (!hasMessage(queryClient.getQueryData(historyKey), id)) void refetch();
    }, SENT_ECHO_WAIT_MS);
  };

  return {
    messages,
    isPending: history.isPending,
    loadError: history.data ? null : history.error,
    retryLoad: () => void refetch(),
    hasOlder: hasNextPage,
    isLoadingOlder: history.isFetchingNextPage,
    loadOlder,
    isReconnecting: streamFailed || (live.status === "connecting" && live.error !== null),
    accessLost: streamDenied || isChatAccessDenied(history.error),
    expectMessage,
  };
}

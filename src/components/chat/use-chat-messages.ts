import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import { CHAT_PAGE_MAX } from "../../../domain/chat.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, trpcClient } from "../../trpc.ts";
import { chatFailureText, isChatAccessDenied } from "./chat-errors.ts";
import type { ChatMessage } from "./types.ts";

/** Wait this long for a sent message to come back over the socket before re-reading the newest page. */
const SENT_ECHO_WAIT_MS = 2_000;
/** Pause before re-subscribing after the stream failed for a reason other than access. */
const RESUBSCRIBE_AFTER_MS = 3_000;

/** Messages of every source, one per id (a later source wins: fresher signed links), oldest first. */
function mergeById(...sources: ChatMessage[][]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const source of sources) for (const message of source) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

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
  /** Call with a sent message's id: if the live stream does not bring it soon, the newest page is re-read. */
  expectMessage: (id: number) => void;
};

/**
 * A conversation's messages: the newest page (chat.history), older pages on demand (before = the
 * oldest loaded id), and live messages (chat.onMessage over the WebSocket) from the newest loaded id on.
 * wsLink resumes the stream after the last received id by itself when the socket reconnects; every
 * source is merged by id, so nothing shows twice.
 */
export function useChatMessages(conversationId: string): ChatMessagesState {
  const latest = useQuery(
    trpc.chat.history.queryOptions({ conversationId, limit: CHAT_PAGE_MAX }, { refetchOnWindowFocus: false }),
  );
  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [olderHasMore, setOlderHasMore] = useState<boolean | null>(null);
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [isReconnecting, setReconnecting] = useState(false);
  const [accessLost, setAccessLost] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const messages = useMemo(() => mergeById(older, latest.data?.messages ?? [], live), [older, latest.data, live]);
  const newestId = messages.at(-1)?.id ?? 0;
  const oldestId = messages[0]?.id;
  const hasOlder = olderHasMore ?? latest.data?.hasOlder ?? false;

  // The stream starts from the newest id loaded when it (re)subscribes; read through a ref so that new
  // messages do not restart it. `ids` lets expectMessage check what has arrived.
  const newestRef = useRef(newestId);
  const idsRef = useRef(new Set<number>());
  useEffect(() => {
    newestRef.current = newestId;
    idsRef.current = new Set(messages.map((message) => message.id));
  }, [newestId, messages]);

  const ready = latest.isSuccess;
  useEffect(() => {
    if (!ready) return;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const subscription = trpcClient.chat.onMessage.subscribe(
      { conversationId, lastEventId: String(newestRef.current) },
      {
        onStarted: () => setReconnecting(false),
        onData: ({ data }) => {
          setReconnecting(false);
          setLive((prev) => (prev.some((message) => message.id === data.id) ? prev : [...prev, data]));
        },
        onConnectionStateChange: (state) => {
          // 'connecting' with an error is a reconnect; without one it is the first connection.
          if (state.state === "connecting" && state.error) setReconnecting(true);
          if (state.state === "pending") setReconnecting(false);
        },
        onError: (error) => {
          if (isChatAccessDenied(error)) {
            setAccessLost(true);
            return;
          }
          setReconnecting(true);
          retryTimer = setTimeout(() => setAttempt((n) => n + 1), RESUBSCRIBE_AFTER_MS);
        },
      },
    );
    return () => {
      clearTimeout(retryTimer);
      subscription.unsubscribe();
    };
  }, [conversationId, ready, attempt]);

  const loadingOlderRef = useRef(false);
  const loadOlder = useCallback(() => {
    if (loadingOlderRef.current || oldestId === undefined) return;
    loadingOlderRef.current = true;
    setLoadingOlder(true);
    trpcClient.chat.history
      .query({ conversationId, before: oldestId, limit: CHAT_PAGE_MAX })
      .then((page) => {
        setOlder((prev) => [...page.messages, ...prev]);
        setOlderHasMore(page.hasOlder);
      })
      .catch((error: unknown) => {
        if (isChatAccessDenied(error)) setAccessLost(true);
        else toastError(error, chatFailureText(error, m.chat_load_failed()));
      })
      .finally(() => {
        loadingOlderRef.current = false;
        setLoadingOlder(false);
      });
  }, [conversationId, oldestId]);

  const { refetch } = latest;
  const expectMessage = useCallback(
    (id: number) => {
      setTimeout(() => {
        if (!idsRef.current.has(id)) void refetch();
      }, SENT_ECHO_WAIT_MS);
    },
    [refetch],
  );
  const retryLoad = useCallback(() => void refetch(), [refetch]);

  return {
    messages,
    isPending: latest.isPending,
    loadError: latest.data ? null : latest.error,
    retryLoad,
    hasOlder,
    isLoadingOlder,
    loadOlder,
    isReconnecting,
    accessLost: accessLost || isChatAccessDenied(latest.error),
    expectMessage,
  };
}

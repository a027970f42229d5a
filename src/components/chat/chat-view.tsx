import { useMutation, useQueryClient } from "@tanstack/react-query";
import { WifiOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { ChatComposer } from "./chat-composer.tsx";
import { ChatHeader } from "./chat-header.tsx";
import { ChatLoadFailed, ChatRefusal, MessagesLoading } from "./chat-states.tsx";
import { MessageList } from "./message-list.tsx";
import type { ChatBackTarget, ChatConversation } from "./types.ts";
import { useChatMessages } from "./use-chat-messages.ts";

/** The read marker follows the newest message while it is on screen and the page is visible. */
function useMarkRead(conversation: ChatConversation, newestId: number, atBottom: boolean) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation(
    trpc.chat.markRead.mutationOptions({
      // The /chats unread badges change with it.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.chats.pathKey() }),
    }),
  );
  const markedRef = useRef(conversation.lastReadMessageId);
  const conversationId = conversation.id;
  useEffect(() => {
    const mark = () => {
      if (!atBottom || document.visibilityState !== "visible" || newestId <= markedRef.current) return;
      markedRef.current = newestId;
      mutate({ conversationId, messageId: newestId });
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
  }, [atBottom, newestId, conversationId, mutate]);
}

/**
 * One conversation, group or private: header, messages (history, older pages, live) and the composer.
 * Fills the screen under the site header so that only the message column scrolls, as on a phone's
 * messaging app. Mount with `key={conversation.id}`.
 */
export function ChatView({ conversation, meId, back }: { conversation: ChatConversation; meId: string; back: ChatBackTarget }) {
  const chat = useChatMessages(conversation.id);
  const [atBottom, setAtBottom] = useState(true);
  const newestId = chat.messages.at(-1)?.id ?? 0;
  useMarkRead(conversation, newestId, atBottom);

  if (chat.accessLost) return <ChatRefusal reason="denied" back={back} />;
  if (chat.loadError) return <ChatLoadFailed back={back} onRetry={chat.retryLoad} />;

  const title =
    conversation.kind === "group"
      ? conversation.jobTitle
      : (conversation.participants.find((p) => p.id !== meId)?.fullName ?? conversation.jobTitle);
  return (
    <main
      id="main"
      className="mx-auto flex h-[calc(100dvh-3.5rem-1px)] w-full max-w-3xl flex-col bg-background sm:border-x"
      data-testid="chat-view"
      data-conversation-id={conversation.id}
      data-kind={conversation.kind}
    >
      <ChatHeader conversation={conversation} meId={meId} back={back} />
      {chat.isPending ? (
        <MessagesLoading className="p-4" />
      ) : (
        <MessageList
          messages={chat.messages}
          meId={meId}
          hasOlder={chat.hasOlder}
          isLoadingOlder={chat.isLoadingOlder}
          loadOlder={chat.loadOlder}
          onAtBottomChange={setAtBottom}
          label={title}
        />
      )}
      {chat.isReconnecting && (
        <p
          role="status"
          className="flex items-center justify-center gap-2 border-t bg-amber-50 px-3 py-1.5 text-sm text-amber-900"
          data-testid="chat-reconnecting"
        >
          <WifiOff aria-hidden className="size-4" />
          {m.chat_reconnecting()}
        </p>
      )}
      {conversation.canMessage ? (
        <ChatComposer conversationId={conversation.id} onSent={chat.expectMessage} />
      ) : (
        // Both people of a block read the same words (docs/decisions/068); the conversation stays readable.
        <p
          className="border-t bg-muted px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-center text-sm text-muted-foreground"
          data-testid="chat-cannot-message"
        >
          {m.chat_cannot_message()}
        </p>
      )}
    </main>
  );
}

import { Link } from "@tanstack/react-router";
import { ImageIcon, Users } from "lucide-react";

import { UNREAD_COUNT_CAP } from "../../../domain/chat.ts";
import { cn } from "../../lib/cn.ts";
import { formatMessageTime, formatNumber } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { Avatar } from "../ui/avatar.tsx";
import { TruncatedText } from "./truncated-text.tsx";
import type { ChatListItem } from "./types.ts";

/** "You: …" for the reader's own last message; a photo label when it has no text; a removed one says so. */
function LastMessage({ last }: { last: NonNullable<ChatListItem["lastMessage"]> }) {
  const text = last.removed ? m.chat_message_removed() : last.content || m.chats_image_message();
  return (
    <span className="flex min-w-0 items-center gap-1">
      {/* "You:" apart from the text, which is cut at its own end in its own direction (a Russian message
          in the Arabic interface keeps its first words). */}
      {last.fromMe && <span className="shrink-0">{`${m.chats_you_label()} `}</span>}
      {last.hasImage && <ImageIcon aria-hidden className="size-3.5 shrink-0" />}
      <TruncatedText className={cn(last.removed && "italic")}>{text}</TruncatedText>
    </span>
  );
}

function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const many = count >= UNREAD_COUNT_CAP;
  return (
    <span
      className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums"
      aria-label={many ? m.chats_unread_many() : m.chats_unread({ count })}
      title={many ? m.chats_unread_many() : m.chats_unread({ count })}
      data-testid="chat-card-unread"
      data-count={count}
    >
      {many ? `${formatNumber(99)}+` : formatNumber(count)}
    </span>
  );
}

/**
 * One conversation of /chats. Private: the other person's initials and name, then the job. Group: the
 * job with its member count. Then the last message with its date, and the unread count. Opens the
 * conversation: a group chat at /jobs/{jobId}/chat, a private one at /chats/{conversationId}.
 */
export function ChatCard({ chat }: { chat: ChatListItem }) {
  const isGroup = chat.kind === "group";
  const title = isGroup ? chat.jobTitle : (chat.otherParticipant?.fullName ?? chat.jobTitle);
  const when = chat.lastMessage?.createdAt ?? chat.updatedAt;
  const unread = chat.unreadCount > 0;
  const body = (
    <>
      {isGroup || !chat.otherParticipant ? (
        <span aria-hidden className="grid size-12 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
          <Users className="size-5" />
        </span>
      ) : (
        <Avatar initials={chat.otherParticipant.initials} className="size-12 text-base" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block">
          <TruncatedText className={unread ? "font-bold" : "font-semibold"} testId="chat-card-title">
            {title}
          </TruncatedText>
        </span>
        {/* The date follows the subtitle when both fit, and wraps under it (at the end) on narrow screens. */}
        <span className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
          <TruncatedText testId="chat-card-subtitle">
            {isGroup ? m.chats_group_members({ count: chat.participantCount }) : chat.jobTitle}
          </TruncatedText>
          <time dateTime={new Date(when).toISOString()} className={cn("ms-auto shrink-0", unread && "font-medium text-primary")}>
            {formatMessageTime(when)}
          </time>
        </span>
        <span className="mt-1 flex items-center gap-2">
          <span
            className={cn("min-w-0 flex-1 text-sm", unread ? "text-foreground" : "text-muted-foreground")}
            data-testid="chat-card-last"
          >
            {chat.lastMessage ? <LastMessage last={chat.lastMessage} /> : m.chats_no_messages()}
          </span>
          <UnreadBadge count={chat.unreadCount} />
        </span>
      </span>
    </>
  );
  const className =
    "flex items-start gap-3 rounded-xl border bg-card p-3 shadow-xs transition-colors outline-hidden hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 sm:p-4";
  const data = { "data-testid": "chat-card", "data-conversation-id": chat.conversationId, "data-kind": chat.kind };
  return isGroup ? (
    <Link to="/jobs/$jobId/chat" params={{ jobId: chat.jobId }} className={className} {...data}>
      {body}
    </Link>
  ) : (
    <Link to="/chats/$conversationId" params={{ conversationId: chat.conversationId }} className={className} {...data}>
      {body}
    </Link>
  );
}

import { ArrowDown, Flag } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from "react";

import { cn } from "../../lib/cn.ts";
import { formatDateTime, formatMessageTime } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { ReportDialog } from "../reports/report-dialog.tsx";
import { Avatar } from "../ui/avatar.tsx";
import { Button, IconButton } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { ChatImage } from "./chat-image.tsx";
import { TruncatedText } from "./truncated-text.tsx";
import type { ChatMessage } from "./types.ts";

/** Within this many pixels of the end the reader counts as "at the bottom" (and follows new messages). */
const NEAR_BOTTOM_PX = 96;
/** Older history starts loading when the reader scrolls this close to the top. */
const NEAR_TOP_PX = 320;
/** Consecutive messages of one sender closer than this share one name and avatar. */
const RUN_GAP_MS = 5 * 60 * 1000;

function startsRun(message: ChatMessage, previous: ChatMessage | undefined): boolean {
  if (!previous || previous.senderId !== message.senderId) return true;
  return new Date(message.createdAt).getTime() - new Date(previous.createdAt).getTime() > RUN_GAP_MS;
}

function MessageItem({
  message,
  own,
  runStart,
  onImageLoad,
  onReport,
}: {
  message: ChatMessage;
  own: boolean;
  runStart: boolean;
  onImageLoad: () => void;
  /** Opens the report dialog for this message (others' messages only: docs/decisions/070). */
  onReport: () => void;
}) {
  const created = new Date(message.createdAt);
  return (
    <li
      className={cn("flex items-end gap-2", own ? "justify-end" : "justify-start", runStart ? "mt-3" : "mt-1")}
      data-testid="chat-message"
      data-message-id={message.id}
      data-sender-id={message.senderId}
      data-own={own ? "true" : "false"}
    >
      {!own &&
        (runStart ? (
          <Avatar initials={message.senderInitials} size="sm" className="mb-0.5 self-start" />
        ) : (
          <span aria-hidden className="w-8 shrink-0" />
        ))}
      <div className={cn("flex max-w-[85%] min-w-0 flex-col sm:max-w-[70%]", own ? "items-end" : "items-start")}>
        {runStart && !own && (
          <TruncatedText className="mb-0.5 px-1 text-xs font-medium text-muted-foreground" testId="chat-message-sender">
            {message.senderName}
          </TruncatedText>
        )}
        {own && <span className="sr-only">{m.chat_you()}</span>}
        <div
          className={cn(
            "flex max-w-full min-w-0 flex-col gap-1 rounded-2xl shadow-xs",
            message.imageUrl ? "p-1" : "px-3 py-2",
            own ? "bg-primary text-primary-foreground" : "border bg-card text-card-foreground",
            own && runStart && "rounded-se-md",
            !own && runStart && "rounded-ss-md",
          )}
        >
          {message.imageUrl && (
            <ChatImage
              key={message.imageUrl}
              messageId={message.id}
              url={message.imageUrl}
              alt={m.chat_image_alt({ name: message.senderName })}
              onLoad={onImageLoad}
            />
          )}
          {/* Removed by an operator: the server sends neither its text nor its image (docs/decisions/074). */}
          {message.removed && (
            <p className="text-start text-[0.9375rem] leading-snug italic" data-testid="chat-message-removed">
              {m.chat_message_removed()}
            </p>
          )}
          {message.content && (
            <p
              dir="auto"
              // Its own direction decides its alignment (an English message in the Arabic interface reads
              // from the left), while the bubble's place says who sent it.
              className={cn(
                "text-start text-[0.9375rem] leading-snug whitespace-pre-wrap [overflow-wrap:anywhere]",
                message.imageUrl && "px-2 pt-0.5",
              )}
              data-testid="chat-message-text"
            >
              {message.content}
            </p>
          )}
          <time
            dateTime={created.toISOString()}
            title={formatDateTime(created)}
            className={cn(
              "block text-end text-[0.6875rem] leading-none",
              // Full strength on the own bubble: any fainter falls under 4.5:1 on the primary fill.
              own ? "text-primary-foreground" : "text-muted-foreground",
              message.imageUrl && "px-2 pb-1",
            )}
          >
            {formatMessageTime(created)}
          </time>
        </div>
      </div>
      {/* No menu or long-press exists on a message: a small, quiet action beside others' bubbles. */}
      {/* A removed message is nobody's to report any more. */}
      {!own && !message.removed && (
        <IconButton
          label={m.report_title_message()}
          size="sm"
          className="size-8 shrink-0 self-center px-0 text-muted-foreground"
          onClick={onReport}
          data-testid="chat-message-report"
        >
          <Flag aria-hidden className="size-3.5" />
        </IconButton>
      )}
    </li>
  );
}

export type MessageListProps = {
  messages: ChatMessage[];
  meId: string;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  loadOlder: () => void;
  /** Tells whether the newest messages are in view (for marking them read). */
  onAtBottomChange: (atBottom: boolean) => void;
  label: string;
};

/**
 * The scrolling message column, newest at the bottom. It follows new messages only while the reader
 * is at the bottom (or sent the message); otherwise a "New messages" button appears. Older history
 * loads near the top (or with the button there) and is prepended without moving what is on screen.
 */
export function MessageList({ messages, meId, hasOlder, isLoadingOlder, loadOlder, onAtBottomChange, label }: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLOListElement>(null);
  /** Whether to keep the view pinned to the newest message when the content grows. */
  const stickRef = useRef(true);
  /** Scroll height and position as last seen, to restore the view after older messages are prepended. */
  const metricsRef = useRef({ height: 0, top: 0 });
  const newest = messages.at(-1);
  const newestId = newest?.id ?? 0;
  const oldestId = messages[0]?.id ?? 0;
  const [atBottom, setAtBottom] = useState(true);
  const [seenNewestId, setSeenNewestId] = useState(newestId);
  const [reporting, setReporting] = useState<number | null>(null);
  const showJump = !atBottom && newestId > seenNewestId;

  const remember = useCallback(() => {
    const el = scrollRef.current;
    if (el) metricsRef.current = { height: el.scrollHeight, top: el.scrollTop };
  }, []);
  const pinToBottom = useCallback(() => {
    const el = scrollRef.current;
    if (el && stickRef.current) el.scrollTop = el.scrollHeight;
    remember();
  }, [remember]);

  // Keep the newest message in view while pinned, whatever grows: new messages, images loading, the
  // composer growing and shrinking the viewport.
  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!el || !content) return;
    const observer = new ResizeObserver(() => pinToBottom());
    observer.observe(el);
    observer.observe(content);
    return () => observer.disconnect();
  }, [pinToBottom]);

  // Older messages were prepended: keep the same messages under the reader's eyes.
  const previousOldestRef = useRef(oldestId);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const previous = previousOldestRef.current;
    previousOldestRef.current = oldestId;
    if (!el || !previous || oldestId >= previous || stickRef.current) return;
    el.scrollTop = metricsRef.current.top + (el.scrollHeight - metricsRef.current.height);
    remember();
  }, [oldestId, remember]);

  // A new message: follow it when pinned, and always when it is the reader's own.
  useLayoutEffect(() => {
    if (newest?.senderId === meId) stickRef.current = true;
    pinToBottom();
  }, [newestId, newest?.senderId, meId, pinToBottom]);

  // History shorter than the screen never scrolls, so it would never reach the top: load on.
  useEffect(() => {
    const el = scrollRef.current;
    if (el && hasOlder && !isLoadingOlder && el.scrollHeight <= el.clientHeight) loadOlder();
  }, [hasOlder, isLoadingOlder, loadOlder, oldestId]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX;
    stickRef.current = bottom;
    if (bottom !== atBottom) {
      setAtBottom(bottom);
      onAtBottomChange(bottom);
    }
    if (bottom && newestId > seenNewestId) setSeenNewestId(newestId);
    if (el.scrollTop <= NEAR_TOP_PX && hasOlder && !isLoadingOlder) loadOlder();
    remember();
  };

  const jumpToNewest = () => {
    const el = scrollRef.current;
    if (!el) return;
    stickRef.current = true;
    el.scrollTo({ top: el.scrollHeight, behavior: "smooth" });
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        className="h-full overflow-y-auto overscroll-contain px-3 py-3 [overflow-anchor:none] sm:px-4"
        role="log"
        aria-label={label}
        data-testid="chat-message-list"
      >
        {hasOlder && (
          <div className="flex justify-center pb-2">
            <Button variant="ghost" size="sm" onClick={loadOlder} disabled={isLoadingOlder} data-testid="chat-load-older">
              {isLoadingOlder && <Spinner />}
              {isLoadingOlder ? m.chat_loading() : m.chat_load_older()}
            </Button>
          </div>
        )}
        {messages.length === 0 ? (
          <p className="grid h-full place-items-center px-6 text-center text-sm text-muted-foreground" data-testid="chat-empty">
            {m.chat_empty()}
          </p>
        ) : null}
        <ol ref={contentRef} className={cn("flex flex-col", messages.length === 0 && "hidden")}>
          {messages.map((message, index) => (
            <MessageItem
              key={message.id}
              message={message}
              own={message.senderId === meId}
              runStart={startsRun(message, messages[index - 1])}
              onImageLoad={pinToBottom}
              onReport={() => setReporting(message.id)}
            />
          ))}
        </ol>
      </div>
      {reporting !== null && (
        <ReportDialog
          subject={{ type: "message", id: reporting }}
          open
          onOpenChange={(open) => {
            if (!open) setReporting(null);
          }}
        />
      )}
      {showJump && (
        <Button
          size="sm"
          onClick={jumpToNewest}
          className="absolute inset-x-0 bottom-3 mx-auto w-fit rounded-full shadow-md"
          data-testid="chat-jump-newest"
        >
          <ArrowDown aria-hidden />
          {m.chat_new_messages()}
        </Button>
      )}
    </div>
  );
}

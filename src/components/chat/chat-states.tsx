import { ArrowLeft, MessageSquareOff, ShieldAlert, TriangleAlert } from "lucide-react";

import { cn } from "../../lib/cn.ts";
import { errorMessage } from "../../lib/errors.ts";
import { m } from "../../paraglide/messages.js";
import { Loading } from "../layout/loading.tsx";
import { NoticePage, RetryButton } from "../layout/notice.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import type { ChatBackTarget } from "./types.ts";

/** The back link of a chat screen: the job page for group chats, /chats for private conversations. */
export function ChatBackLink({ back, variant = "icon" }: { back: ChatBackTarget; variant?: "icon" | "button" }) {
  const label = back.to === "job" ? m.chat_back_to_job() : m.chat_back_to_chats();
  const look =
    variant === "icon"
      ? ({ variant: "ghost", size: "icon", className: "-ms-2", "aria-label": label, title: label } as const)
      : ({ variant: "outline" } as const);
  const content = (
    <>
      <ArrowLeft aria-hidden className="rtl:rotate-180" />
      {variant === "button" && label}
    </>
  );
  return back.to === "job" ? (
    <LinkButton to="/jobs/$jobId" params={{ jobId: back.jobId }} {...look} data-testid="chat-back">
      {content}
    </LinkButton>
  ) : (
    <LinkButton to="/chats" {...look} data-testid="chat-back">
      {content}
    </LinkButton>
  );
}

// Icons made when drawn, not at import: a module-level element is a side effect that keeps this file in
// every first load through the chat routes' imports (docs/decisions/052).
const REFUSALS = {
  // 'Access Denied: You must be accepted to join this chat' (docs/product.md, Permissions).
  denied: { icon: () => <ShieldAlert aria-hidden className="size-6 text-destructive" />, text: () => m.chat_access_denied() },
  // The owner of a job nobody has been accepted to yet: the group chat opens with the first accept.
  "not-started": { icon: () => <MessageSquareOff aria-hidden className="size-6" />, text: () => m.chat_group_not_started() },
};

/** Why the reader cannot open this chat, with the way back. */
export function ChatRefusal({ reason, back }: { reason: keyof typeof REFUSALS; back: ChatBackTarget }) {
  const { icon, text } = REFUSALS[reason];
  return (
    <NoticePage icon={icon()} title={text()} testId={reason === "denied" ? "chat-access-denied" : "chat-not-started"}>
      <ChatBackLink back={back} variant="button" />
    </NoticePage>
  );
}

/** A conversation that failed to load for another reason; Try again runs `onRetry`, or the route's loader again. */
export function ChatLoadFailed({ back, error, onRetry }: { back: ChatBackTarget; error?: unknown; onRetry?: () => void }) {
  return (
    <NoticePage
      icon={<TriangleAlert aria-hidden className="size-6 text-destructive" />}
      title={m.chat_load_failed()}
      hint={error === undefined ? undefined : errorMessage(error)}
      testId="chat-load-failed"
    >
      <ChatBackLink back={back} variant="button" />
      <RetryButton onRetry={onRetry} testId="chat-retry" />
    </NoticePage>
  );
}

/** Placeholder messages, one from each side, while a conversation's history loads. */
export function MessagesLoading({ className }: { className?: string }) {
  return (
    <Loading
      blocks={["h-14 w-2/3", "ms-auto h-10 w-1/2", "h-20 w-3/5"]}
      label={m.chat_loading()}
      className={cn("flex-1 space-y-3", className)}
    />
  );
}

/** Placeholder while the conversation loads, shaped like the chat screen. */
export function ChatLoading() {
  return (
    <main id="main" className="mx-auto flex h-[calc(100dvh-3.5rem-1px)] w-full max-w-3xl flex-col gap-4 px-4 py-4">
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/4" />
        </div>
      </div>
      <MessagesLoading />
      <Skeleton className="h-12 w-full" />
    </main>
  );
}

import { Link } from "@tanstack/react-router";
import { ArrowLeft, MessageSquareOff, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { m } from "../../paraglide/messages.js";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import type { ChatBackTarget } from "./types";

/** The back link of a chat screen: the job page for group chats, /chats for private conversations. */
export function ChatBackLink({ back, variant = "icon" }: { back: ChatBackTarget; variant?: "icon" | "button" }) {
  const label = back.to === "job" ? m.chat_back_to_job() : m.chat_back_to_chats();
  const icon = <ArrowLeft aria-hidden className="rtl:rotate-180" />;
  const link =
    back.to === "job" ? (
      <Link to="/jobs/$jobId" params={{ jobId: back.jobId }} data-testid="chat-back" aria-label={variant === "icon" ? label : undefined} title={variant === "icon" ? label : undefined}>
        {icon}
        {variant === "button" && label}
      </Link>
    ) : (
      <Link to="/chats" data-testid="chat-back" aria-label={variant === "icon" ? label : undefined} title={variant === "icon" ? label : undefined}>
        {icon}
        {variant === "button" && label}
      </Link>
    );
  return (
    <Button asChild variant={variant === "icon" ? "ghost" : "outline"} size={variant === "icon" ? "icon" : "default"} className={variant === "icon" ? "-ms-2" : undefined}>
      {link}
    </Button>
  );
}

function ChatNotice({ icon, text, back, testId }: { icon: ReactNode; text: string; back: ChatBackTarget; testId: string }) {
  return (
    <main className="mx-auto w-full max-w-lg px-4 py-10">
      <Card data-testid={testId}>
        <CardContent className="flex flex-col items-center gap-4 py-4 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">{icon}</span>
          <p role="alert" className="font-medium">{text}</p>
          <ChatBackLink back={back} variant="button" />
        </CardContent>
      </Card>
    </main>
  );
}

/** SPEC.md §6: 'Access Denied: You must be accepted to join this chat', with a way back. */
export function ChatAccessDenied({ back }: { back: ChatBackTarget }) {
  return <ChatNotice icon={<ShieldAlert aria-hidden className="size-6 text-destructive" />} text={m.chat_access_denied()} back={back} testId="chat-access-denied" />;
}

/** The owner of a job nobody has been accepted to yet: the group chat opens with the first accept. */
export function ChatNotStarted({ jobId }: { jobId: string }) {
  return <ChatNotice icon={<MessageSquareOff aria-hidden className="size-6" />} text={m.chat_group_not_started()} back={{ to: "job", jobId }} testId="chat-not-started" />;
}

/** A conversation that failed to load for another reason, with a retry. */
export function ChatLoadFailed({ back, onRetry }: { back: ChatBackTarget; onRetry: () => void }) {
  return (
    <main className="mx-auto w-full max-w-lg px-4 py-10">
      <Card data-testid="chat-load-failed">
        <CardContent className="flex flex-col items-center gap-4 py-4 text-center">
          <p role="alert" className="font-medium text-destructive">{m.chat_load_failed()}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <ChatBackLink back={back} variant="button" />
            <Button onClick={onRetry} data-testid="chat-retry">{m.chat_retry()}</Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}

/** Placeholder while the conversation loads, shaped like the chat screen. */
export function ChatLoading() {
  return (
    <main className="mx-auto flex h-[calc(100dvh-3.5rem-1px)] w-full max-w-3xl flex-col gap-4 px-4 py-4" aria-busy="true">
      <p className="sr-only" role="status">{m.chat_loading()}</p>
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/4" />
        </div>
      </div>
      <div className="flex-1 space-y-3">
        <Skeleton className="h-14 w-2/3" />
        <Skeleton className="ms-auto h-10 w-1/2" />
        <Skeleton className="h-20 w-3/5" />
      </div>
      <Skeleton className="h-12 w-full" />
    </main>
  );
}

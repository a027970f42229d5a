import { Link } from "@tanstack/react-router";
import { useId } from "react";

import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";
import { BlockPerson } from "../blocks/block-person-button.tsx";
import { Avatar } from "../ui/avatar.tsx";
import { Badge } from "../ui/badge.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../ui/popover.tsx";
import { ChatBackLink } from "./chat-states.tsx";
import { TruncatedText } from "./truncated-text.tsx";
import type { ChatBackTarget, ChatConversation } from "./types.ts";

const STACK_MAX = 3;

/** The people of a conversation: an avatar stack that opens the list of names (the job's owner marked). */
function Participants({ conversation, meId }: { conversation: ChatConversation; meId: string }) {
  const people = conversation.participants;
  const headingId = useId();
  const shown = people.slice(0, STACK_MAX);
  const more = people.length - shown.length;
  return (
    <Popover>
      <PopoverTrigger
        className="flex shrink-0 items-center rounded-full p-1 outline-hidden focus-visible:ring-[3px] focus-visible:ring-ring/40"
        title={m.chat_participants()}
        data-testid="chat-participants"
      >
        {/* The initials picture the people; the button's name is its hidden word (no aria-label over shown text). */}
        <span className="sr-only">{m.chat_participants()}</span>
        <span className="flex -space-x-2" aria-hidden>
          {shown.map((p) => (
            <Avatar key={p.id} initials={p.initials} size="sm" className="ring-2 ring-background" />
          ))}
          {more > 0 && (
            <span
              aria-hidden
              className="grid size-8 place-items-center rounded-full bg-muted text-xs font-semibold text-muted-foreground ring-2 ring-background"
            >
              +{more}
            </span>
          )}
        </span>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-72 p-2" aria-labelledby={headingId}>
        <p id={headingId} className="px-2 pt-1 pb-2 text-sm font-semibold">
          {m.chat_participants()}
        </p>
        <ul className="max-h-72 space-y-1 overflow-y-auto" data-testid="chat-participant-list">
          {people.map((p) => (
            <li key={p.id} className="flex items-center gap-2 rounded-md px-2 py-1.5">
              <Avatar initials={p.initials} size="sm" />
              <span className="min-w-0 flex-1 text-sm break-words">
                <bdi>{p.fullName}</bdi>
                {p.id === meId && <span className="text-muted-foreground"> ({m.chat_you()})</span>}
              </span>
              {p.isJobOwner && <Badge variant="secondary">{m.chat_owner_badge()}</Badge>}
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}

/**
 * Back, title and participants. A group chat is titled by its job with the member count; a private
 * conversation by the other person's name, with the job it is about.
 */
export function ChatHeader({ conversation, meId, back }: { conversation: ChatConversation; meId: string; back: ChatBackTarget }) {
  const isGroup = conversation.kind === "group";
  const other = conversation.participants.find((p) => p.id !== meId);
  const title = isGroup ? conversation.jobTitle : (other?.fullName ?? conversation.jobTitle);
  usePageTitle(title);
  return (
    <header className="flex items-center gap-2 border-b bg-card px-3 py-2 sm:px-4">
      <ChatBackLink back={back} />
      {!isGroup && other && <Avatar initials={other.initials} size="md" className="max-sm:hidden" />}
      <div className="min-w-0 flex-1">
        <h1 className="text-base leading-tight font-semibold sm:text-lg">
          <TruncatedText testId="chat-title">{title}</TruncatedText>
        </h1>
        <p className="truncate text-xs text-muted-foreground sm:text-sm" data-testid="chat-subtitle">
          {isGroup ? (
            m.chats_group_members({ count: conversation.participants.length })
          ) : (
            <Link to="/jobs/$jobId" params={{ jobId: conversation.jobId }} className="hover:text-foreground hover:underline">
              <TruncatedText>{conversation.jobTitle}</TruncatedText>
            </Link>
          )}
        </p>
      </div>
      {/* Blocking is for private conversations; a job's group chat goes on (docs/decisions/068). */}
      {!isGroup && other && <BlockPerson personId={other.id} name={other.fullName} compact />}
      <Participants conversation={conversation} meId={meId} />
    </header>
  );
}

import type { InfiniteData } from "@tanstack/react-query";

import type { RouterOutputs as Outputs } from "../../trpc.ts";
import type { ChatMessage } from "./types.ts";

/** One page of chat.history: up to 50 messages, oldest first. */
export type ChatHistoryPage = Outputs["chat"]["history"];
/** The history as its infinite query holds it: the newest page first, each older page's cursor after it. */
export type ChatHistoryPages = InfiniteData<ChatHistoryPage, number | null>;

/** The cursor of the page before `page` (its oldest message id), or undefined at the conversation's start. */
export function olderPageCursor(page: ChatHistoryPage): number | undefined {
  return page.hasOlder ? page.messages[0]?.id : undefined;
}

/** Every loaded message once, oldest first; where pages overlap after a re-read, the newest page's copy. */
export function messagesOf(data: ChatHistoryPages | undefined): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const page of [...(data?.pages ?? [])].reverse()) for (const message of page.messages) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** True when message `id` is among the loaded pages. */
export function hasMessage(data: ChatHistoryPages | undefined, id: number): boolean {
  return data?.pages.some((page) => page.messages.some((message) => message.id === id)) ?? false;
}

/**
 * The pages with `incoming` written in: a message already loaded is replaced where it is (the later copy
 * has the fresher signed link and removal), a new one joins the newest page in id order.
 */
export function withMessages(data: ChatHistoryPages, incoming: readonly ChatMessage[]): ChatHistoryPages {
  const fresh = new Map(incoming.map((message) => [message.id, message]));
  const replaced = new Set<number>();
  const pages = data.pages.map((page) => {
    if (!page.messages.some((message) => fresh.has(message.id))) return page;
    const messages = page.messages.map((message) => {
      const update = fresh.get(message.id);
      if (!update) return message;
      replaced.add(message.id);
      return update;
    });
    return { ...page, messages };
  });
  const added = [...fresh.values()].filter((message) => !replaced.has(message.id));
  const [newest, ...older] = pages;
  if (!newest || added.length === 0) return { ...data, pages };
  const messages = [...newest.messages, ...added].sort((a, b) => a.id - b.id);
  return { ...data, pages: [{ ...newest, messages }, ...older] };
}

import { describe, expect, it } from "vitest";

import { hasMessage, messagesOf, olderPageCursor, withMessages, type ChatHistoryPages } from "./chat-history-pages.ts";
import type { ChatMessage } from "./types.ts";

function message(id: number, change: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    conversationId: "c1",
    senderId: "u1",
    senderName: "Olga Owner",
    senderInitials: "OO",
    content: `m${id}`,
    imageUrl: null,
    createdAt: new Date(1_700_000_000_000 + id),
    removed: false,
    ...change,
  };
}

/** The newest page (ids 4-6) and the page before it (1-3). */
const loaded: ChatHistoryPages = {
  pages: [
    { messages: [message(4), message(5), message(6)], hasOlder: true },
    { messages: [message(1), message(2), message(3)], hasOlder: false },
  ],
  pageParams: [null, 4],
};

const ids = (data: ChatHistoryPages) => messagesOf(data).map((m) => m.id);

describe("chat history pages", () => {
  it("pages back from the oldest message of the oldest page, and stops at the start", () => {
    expect(loaded.pages.map(olderPageCursor)).toEqual([4, undefined]);
    expect(olderPageCursor({ messages: [], hasOlder: false })).toBeUndefined();
  });

  it("lists every message once, oldest first, the newest page's copy winning where pages overlap", () => {
    expect(ids(loaded)).toEqual([1, 2, 3, 4, 5, 6]);
    const reread: ChatHistoryPages = {
      pages: [{ messages: [message(3, { removed: true, content: "" }), message(4)], hasOlder: true }, ...loaded.pages],
      pageParams: [null, ...loaded.pageParams],
    };
    expect(ids(reread)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(messagesOf(reread).find((m) => m.id === 3)?.removed).toBe(true);
    expect(messagesOf(undefined)).toEqual([]);
  });

  it("adds a live message to the newest page once, in id order", () => {
    const once = withMessages(loaded, [message(8), message(7)]);
    expect(once.pages[0]?.messages.map((m) => m.id)).toEqual([4, 5, 6, 7, 8]);
    expect(once.pages[1]).toBe(loaded.pages[1]);
    expect(ids(withMessages(once, [message(8)]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(hasMessage(once, 7)).toBe(true);
    expect(hasMessage(loaded, 7)).toBe(false);
  });

  it("replaces a changed message where it is: removed by moderation, or a fresh image link", () => {
    const changed = withMessages(loaded, [
      message(2, { removed: true, content: "" }),
      message(5, { imageUrl: "/files/b?sig=2" }),
    ]);
    expect(ids(changed)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(changed.pages[1]?.messages[1]).toMatchObject({ id: 2, removed: true, content: "" });
    expect(changed.pages[0]?.messages[1]).toMatchObject({ id: 5, imageUrl: "/files/b?sig=2" });
    expect(changed.pageParams).toEqual(loaded.pageParams);
  });

  it("starts an empty conversation's only page", () => {
    const empty: ChatHistoryPages = { pages: [{ messages: [], hasOlder: false }], pageParams: [null] };
    expect(ids(withMessages(empty, [message(1)]))).toEqual([1]);
  });
});

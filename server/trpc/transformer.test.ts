import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";

import { OutletRequest } from "./subscription-outlet.ts";
import { transformer } from "./transformer.ts";

function row(id: number) {
  return {
    id,
    conversationId: "00000000-0000-4000-8000-000000000000",
    senderId: "someone",
    senderName: "Olga Owner",
    senderInitials: "OO",
    content: "Meet at the north gate at 8:00",
    imageUrl: null,
    createdAt: new Date("2026-11-23T10:00:00.000Z"),
  };
}

describe("the server transformer", () => {
  it("serialises as superjson does, a row and an error shape alike", () => {
    const value = row(9);
    expect(transformer.serialize({ id: "9", data: value })).toEqual(superjson.serialize({ id: "9", data: value }));
    expect(transformer.serialize(value)).toEqual(superjson.serialize(value));
    expect(transformer.serialize({ message: "boom", code: -32603, data: { code: "X" } })).toEqual(
      superjson.serialize({ message: "boom", code: -32603, data: { code: "X" } }),
    );
  });

  it("hands an OutletRequest on untouched, for the socket's encoder", () => {
    const request = new OutletRequest({ readyState: WebSocket.OPEN, bufferedAmount: 0, send() {} });
    expect(transformer.serialize(request)).toBe(request);
  });

  it("deserialises as superjson does (call inputs)", () => {
    const input = superjson.serialize({ when: new Date("2026-11-23T10:00:00.000Z"), ids: new Set([1, 2]) });
    expect(transformer.deserialize(input)).toEqual(superjson.deserialize(input));
  });
});

import superjson from "superjson";
import { afterEach, describe, expect, it, vi } from "vitest";

import { shareSerialisation, transformer } from "./transformer.ts";

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

/** What tRPC's WebSocket handler hands the transformer for `tracked(id, data)`: a fresh object each time. */
const envelope = (id: string, data: object) => ({ id, data });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the server transformer", () => {
  it("serialises a shared row exactly as superjson does, once for all the subscribers it goes to", () => {
    const shared = shareSerialisation(row(7));
    const first = transformer.serialize(envelope("7", shared));
    const second = transformer.serialize(envelope("7", shared));
    expect(second).toBe(first);
    expect(first).toEqual(superjson.serialize(envelope("7", row(7))));
    expect(JSON.stringify(second)).toBe(JSON.stringify(superjson.serialize(envelope("7", row(7)))));
    expect(superjson.deserialize(second)).toEqual({ id: "7", data: row(7) });
  });

  it("freezes a shared row, so what was serialised is what is sent", () => {
    const shared = shareSerialisation(row(8));
    expect(Object.isFrozen(shared)).toBe(true);
    expect(() => {
      (shared as { content: string }).content = "changed";
    }).toThrow(TypeError);
  });

  it("serialises anything not shared afresh every time, as superjson does", () => {
    const plain = row(9);
    const first = transformer.serialize(envelope("9", plain));
    plain.content = "edited";
    const second = transformer.serialize(envelope("9", plain));
    expect(second).not.toBe(first);
    expect(second).toEqual(superjson.serialize(envelope("9", plain)));
    expect(transformer.serialize(plain)).toEqual(superjson.serialize(plain));
    expect(transformer.serialize({ message: "boom", code: -32603, data: { code: "X" } })).toEqual(
      superjson.serialize({ message: "boom", code: -32603, data: { code: "X" } }),
    );
  });

  it("does not reuse a shared row's form for another id or a differently shaped value", () => {
    const shared = shareSerialisation(row(10));
    transformer.serialize(envelope("10", shared));
    expect(transformer.serialize(envelope("other", shared))).toEqual(superjson.serialize(envelope("other", row(10))));
    expect(transformer.serialize({ id: "10", data: shared, extra: 1 })).toEqual(
      superjson.serialize({ id: "10", data: row(10), extra: 1 }),
    );
    expect(transformer.serialize(shared)).toEqual(superjson.serialize(row(10)));
  });

  it("deserialises as superjson does (call inputs)", () => {
    const input = superjson.serialize({ when: new Date("2026-11-23T10:00:00.000Z"), ids: new Set([1, 2]) });
    expect(transformer.deserialize(input)).toEqual(superjson.deserialize(input));
  });
});

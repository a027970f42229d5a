import type { DataTransformer } from "@trpc/server";
import superjson from "superjson";

import { serialisePlain } from "./plain-serialise.ts";

type Serialised = ReturnType<typeof superjson.serialize>;

/** Objects marked by `shareSerialisation`, with the serialised form of their tracked message once made. */
const shared = new WeakMap<object, { id: unknown; serialised: Serialised } | null>();

/**
 * Marks `data` as one object yielded as `tracked(id, data)` to many subscribers (a chat row fanned out
 * to everyone in the conversation), and freezes it: the first subscriber's message serialises it, the
 * others reuse that serialised form. Only marked objects are remembered, so nothing else changes.
 */
export function shareSerialisation<T extends object>(data: T): Readonly<T> {
  shared.set(data, null);
  return Object.freeze(data);
}

/** The `{ id, data }` that tRPC's WebSocket handler makes of a `tracked(id, data)` for each subscriber. */
function trackedData(value: unknown): { id: unknown; data: object } | null {
  if (typeof value !== "object" || value === null || !("data" in value) || !("id" in value)) return null;
  const { data } = value;
  if (typeof data !== "object" || data === null || !shared.has(data)) return null;
  return Object.keys(value).length === 2 ? { id: value.id, data } : null;
}

/**
 * superjson's format, made by a plain walk where the answer is plain data (plain-serialise.ts), and a
 * shared object serialised once rather than once per subscriber.
 *
 * For every value a subscription yields, tRPC's WebSocket handler (@trpc/server/adapters/ws) builds a
 * fresh `{ id, data }` for that subscriber and runs the transformer on it, then `JSON.stringify` on the
 * whole reply. With a thousand subscribers to a conversation that was a thousand superjson walks of the
 * same row. Here the result is remembered per shared `data` object (a WeakMap, so it goes with the
 * row): the same `{ id, data }` always serialises the same, so the wire format is superjson's exactly.
 * The reply's envelope (its request id differs per subscriber) and its `JSON.stringify` stay per
 * subscriber, inside tRPC.
 */
const serialise = (value: unknown): Serialised => serialisePlain(value) ?? superjson.serialize(value);

export const transformer: DataTransformer = {
  serialize(value: unknown): Serialised {
    const tracked = trackedData(value);
    if (!tracked) return serialise(value);
    const known = shared.get(tracked.data);
    if (known && known.id === tracked.id) return known.serialised;
    const serialised = serialise(value);
    shared.set(tracked.data, { id: tracked.id, serialised });
    return serialised;
  },
  deserialize: (value: Serialised) => superjson.deserialize(value),
};

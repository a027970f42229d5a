import type { DataTransformer } from "@trpc/server";
import superjson from "superjson";

import { serialisePlain } from "./plain-serialise.ts";
import { OutletRequest } from "./subscription-outlet.ts";

type Serialised = ReturnType<typeof superjson.serialize>;

/**
 * superjson's format, made by a plain walk where the answer is plain data (plain-serialise.ts). An
 * `OutletRequest` goes through untouched, for the socket's encoder to answer (subscription-outlet.ts).
 */
export const transformer: DataTransformer = {
  serialize(value: unknown): Serialised {
    if (value instanceof OutletRequest) return value as unknown as Serialised;
    return serialisePlain(value) ?? superjson.serialize(value);
  },
  deserialize: (value: Serialised) => superjson.deserialize(value),
};

import superjson from "superjson";
import { describe, expect, it } from "vitest";

import { serialisePlain } from "./plain-serialise.ts";

/** A page of the home list as jobs.search answers it: nested plain objects, dates, nulls, undefined. */
function jobsPage() {
  return {
    items: Array.from({ length: 20 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      title: `Job ${i}`,
      skills: i % 2 ? ["cooking", "a.b"] : null,
      hourlyRate: i % 3 ? 15.5 + i : null,
      createdAt: new Date(Date.UTC(2026, 10, 23, 10, i)),
      employer: { name: "Olga", rating: { average: 4.5, count: i } },
      converted: i % 4 ? undefined : { amount: 0, currency: "EUR" },
    })),
    nextCursor: { at: "2026-11-23T10:00:00.000000Z", id: "x", rank: undefined },
    total: 1000,
    capped: true,
  };
}

const cases: Record<string, unknown> = {
  "a page of jobs": jobsPage(),
  "a lone date": new Date(0),
  "a lone undefined": undefined,
  null: null,
  "a string": "text",
  "an empty object": {},
  "keys with dots and backslashes": { "a.b": new Date(1), "c\\d": { "e.f": undefined }, g: [new Date(2), [undefined]] },
  "an object without a prototype": Object.assign(Object.create(null) as object, { a: 1, when: new Date(3) }),
};

describe("plain serialisation in superjson's format", () => {
  for (const [name, value] of Object.entries(cases)) {
    it(`writes ${name} as superjson does, and superjson reads it back`, () => {
      const plain = serialisePlain(value);
      if (plain === null) throw new Error(`${name} was left to superjson`);
      expect(JSON.stringify(plain)).toBe(JSON.stringify(superjson.serialize(value)));
      expect(superjson.deserialize(plain)).toEqual(superjson.deserialize(superjson.serialize(value)));
    });
  }

  const special: Record<string, unknown> = {
    "a Map": { m: new Map([[1, 2]]) },
    "a Set": [new Set([1])],
    "a bigint": { n: 1n },
    NaN: { n: Number.NaN },
    "negative zero": [-0],
    "an invalid date": { d: new Date(Number.NaN) },
    "a class instance": { e: new Error("x") },
    "a regular expression": /x/,
  };
  for (const [name, value] of Object.entries(special)) {
    it(`leaves ${name} to superjson`, () => {
      expect(serialisePlain(value)).toBeNull();
    });
  }

  it("leaves an object met twice, or a cycle, to superjson (which records references)", () => {
    const shared = { a: 1 };
    expect(serialisePlain({ p: shared, q: shared })).toBeNull();
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(serialisePlain(cycle)).toBeNull();
  });
});

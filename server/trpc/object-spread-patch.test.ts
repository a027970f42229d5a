import { readdirSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";

type Spread = (target: object, ...sources: unknown[]) => Record<string, unknown>;

// tRPC's compiled object-spread helper, as patched (patches/@trpc+server+*.patch, applied by `npm ci`;
// docs/decisions/045). It is no export of the package: it is found in the chunk that holds it.
const dist = new URL("../../node_modules/@trpc/server/dist/", import.meta.url);
const chunk = readdirSync(dist).find((name) => /^getErrorShape-.*\.mjs$/.test(name));
if (!chunk) throw new Error(`no getErrorShape chunk in ${dist.pathname}: see docs/decisions/045`);
const exported = Object.values((await import(new URL(chunk, dist).href)) as Record<string, unknown>);
const spread = exported.find((value) => typeof value === "function" && value.name === "_objectSpread2") as Spread;

describe("tRPC's object spread (patched)", () => {
  it("copies what `{ ...options, ...literal }` copies, in the same order, through Object.assign", () => {
    const options = { ctx: { user: null }, type: "query", path: "jobs.byId", input: undefined, signal: null };
    const literal = { meta: undefined, input: { jobId: "x" }, next: () => "next" };
    const assign = vi.spyOn(Object, "assign");
    try {
      // How the compiled code spells `{ ...options, ...literal }` (an even argument is the literal's part).
      const copied = spread(spread({}, options), {}, literal);
      expect(Object.entries(copied)).toEqual(Object.entries({ ...options, ...literal }));
      expect(assign).toHaveBeenCalled();
    } finally {
      assign.mockRestore();
    }
  });

  it("keeps an input's own __proto__ key a key: it never becomes the copy's prototype", () => {
    // What a caller can send as JSON; tRPC merges chained inputs with this helper.
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "jobId": "x"}') as object;
    const merged = spread(spread({}, { page: 1 }), hostile);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(merged.polluted).toBeUndefined();
    expect(Object.hasOwn(merged, "__proto__")).toBe(true);
    expect(merged.jobId).toBe("x");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

import { rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

import { patchFileOf, unpatchedCopy } from "./testing/unpatched-copy.ts";

// patches/postgres+*.patch (applied by `npm ci`) fixes two bugs of postgres.js: its connection queues
// (docs/decisions/044) and Query.cancel() (docs/decisions/062). These tests check the installed library
// has the fixes, and that the release without our patch still lacks them: when it no longer does, the
// patch goes (docs/upgrading-dependencies.md).

type Queue<T> = { readonly length: number; push(x: T): T; shift(): T | undefined; remove(x: T): T | null };
type QueueModule = { default: <T>(initial?: T[]) => Queue<T> };
type Canceller = (query: unknown) => Promise<void>;
type QueryModule = {
  Query: new (strings: string[], args: unknown[], handler: object, canceller: Canceller) => { cancel(): unknown };
};

const PATCH = patchFileOf("postgres");
const installed = (file: string) => new URL(`../node_modules/postgres/src/${file}`, import.meta.url).href;
const release = unpatchedCopy("postgres", "src");
const released = (file: string) => pathToFileURL(path.join(release.dir, "src", file)).href;
const load = async <T>(url: string) => (await import(url)) as T;
afterAll(() => rmSync(release.dir, { recursive: true, force: true }));

/** An array that counts the slots each `indexOf` looks at: the queue's own array, through `slice()`'s species. */
class CountedSlots<T> extends Array<T> {
  static searched = 0;
  override indexOf(item: T, from = 0): number {
    CountedSlots.searched += this.length - from;
    return super.indexOf(item, from);
  }
}

/**
 * Drives a queue as a saturated pool of two connections moves them, `queries` times: the next one is
 * taken from the busy queue, looked for there again (move() removes it from the queue it was in) and
 * put back. Answers the slots its last 1,000 removes searched.
 */
function slotsSearched(Queue: QueueModule["default"], queries: number): number {
  const busy = Queue<string>(CountedSlots.from(["first connection", "second connection"]));
  for (let query = 0; query < queries; query++) {
    if (query === queries - 1000) CountedSlots.searched = 0;
    const connection = busy.shift() as string;
    if (busy.remove(connection) !== null) throw new Error("a connection taken was still queued");
    busy.push(connection);
  }
  return CountedSlots.searched;
}

/** A cancel request still under way that notes whether anyone waits for it (catch() goes through then()). */
class CancelRequest extends Promise<void> {
  waitedFor = false;
  override then<A = void, B = never>(
    onFulfilled?: ((value: void) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.waitedFor = true;
    return super.then(onFulfilled, onRejected);
  }
}

/** Whether cancel() leaves its cancel request's promise to nobody: neither handled nor returned. */
function dropsCancelRequest({ Query }: QueryModule): boolean {
  const request = new CancelRequest(() => {});
  const query = new Query(["select pg_sleep(10)"], [], {}, () => request);
  const answered = query.cancel();
  const returned = typeof answered === "object" && answered !== null && "then" in answered;
  return !request.waitedFor && !returned;
}

const upstreamFixed = (what: string) =>
  `upstream fixed: drop patches/${PATCH?.slice("patches/".length) ?? "postgres+*.patch"}'s ${what} (postgres.js without our patch no longer has the bug)`;

describe("postgres.js's connection queues (docs/decisions/044)", () => {
  it("keep each step as cheap after 200,000 queries on a pool that never drains as after the first", async () => {
    // Unpatched, each query searched one slot more than the one before (docs/decisions/044).
    const { default: Queue } = await load<QueueModule>(installed("queue.js"));
    const busy = Queue<string>();
    busy.push("first connection");
    busy.push("second connection");
    const start = performance.now();
    for (let query = 0; query < 200_000; query++) {
      const connection = busy.shift() as string;
      if (busy.remove(connection) !== null) throw new Error("a connection taken was still queued");
      busy.push(connection);
    }
    expect(performance.now() - start).toBeLessThan(2000);
    expect(busy.length).toBe(2);
    expect(busy.remove("second connection")).toBe("second connection");
    expect([busy.shift(), busy.length]).toEqual(["first connection", 0]);
    expect(slotsSearched(Queue, 20_000)).toBeLessThan(10_000);
  });

  it("are still slow in the release without our patch (else the patch goes)", async () => {
    const { default: Queue } = await load<QueueModule>(released("queue.js"));
    // Unpatched, the last 1,000 of 10,000 queries search about 9,000 slots each.
    const searched = slotsSearched(Queue, 10_000);
    expect(searched, upstreamFixed("queue fix")).toBeGreaterThan(1_000_000);
  });
});

describe("postgres.js's Query.cancel() (docs/decisions/062)", () => {
  it("handles its cancel request's failure", async () => {
    expect(dropsCancelRequest(await load<QueryModule>(installed("query.js")))).toBe(false);
  });

  it("still drops it in the release without our patch (else the patch goes)", async () => {
    // Unpatched, a refused cancel request is an unhandled rejection, which ends the process.
    expect(dropsCancelRequest(await load<QueryModule>(released("query.js"))), upstreamFixed("cancel() fix")).toBe(true);
  });

  it("is still the package's own copy: our patch was found in the installed files and reversed", () => {
    // Two hunks in src/queue.js, one in src/query.js. None found: the patch no longer applies (patch-package
    // fails the install then) or the release changed those lines; read the tests above with the release's code.
    expect(release.reversed, `${PATCH ?? "no postgres patch"}: hunks reversed in the installed src/`).toBe(3);
  });
});

import { describe, expect, it } from "vitest";

type Queue<T> = { readonly length: number; push(x: T): T; shift(): T | undefined; remove(x: T): T | null };

// postgres.js's own queue, as patched (patches/postgres+*.patch, applied by `npm ci`): it is not among
// the package's exports, so it is loaded by its file.
const { default: Queue } = (await import(new URL("../node_modules/postgres/src/queue.js", import.meta.url).href)) as {
  default: <T>() => Queue<T>;
};

describe("postgres.js's connection queues (patched)", () => {
  it("keep each step as cheap after 200,000 queries on a pool that never drains as after the first", () => {
    // A saturated pool of two connections, as postgres.js moves them: the next one is taken from the
    // busy queue, looked for there again (move() removes it from the queue it was in) and put back.
    // Unpatched, every shift left an empty slot that remove() searched from the start, so the
    // 200,000th query paid for 200,000 slots: the bench's bare route lost a third of its speed in a minute.
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
  });
});

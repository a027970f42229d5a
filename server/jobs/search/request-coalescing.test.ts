import { describe, expect, it } from "vitest";

import { coalesceRequests } from "./request-coalescing.ts";

/** A read per call that ends when the test says, answering what `source` held when the read started. */
function controlledReads(source: { value: number }) {
  const started: { key: string; end: () => void; fail: (error: Error) => void }[] = [];
  const read = (key: string) =>
    new Promise<string>((resolve, reject) => {
      const seen = `${key}:${source.value}`;
      started.push({ key, end: () => resolve(seen), fail: reject });
    });
  /** The `index`th read started, which the test then ends or fails. */
  const nth = (index: number) => {
    const found = started[index];
    if (!found) throw new Error(`read ${index} has not started`);
    return found;
  };
  return { started, read, nth };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("coalesceRequests", () => {
  it("has callers who ask during a read share one read started after that read ends", async () => {
    const source = { value: 1 };
    const { started, read, nth } = controlledReads(source);
    const shared = coalesceRequests(read);
    const first = shared("en");
    source.value = 2; // written after the first read started, before the next callers asked
    const second = shared("en");
    const third = shared("en");
    expect(started).toHaveLength(1);
    nth(0).end();
    expect(await first).toBe("en:1");
    await settled();
    expect(started).toHaveLength(2);
    nth(1).end();
    // Not the first read's answer, which was read before they asked.
    expect(await second).toBe("en:2");
    expect(await third).toBe("en:2");
  });

  it("reads each key on its own, and reads again once nothing is under way", async () => {
    const source = { value: 1 };
    const { started, read, nth } = controlledReads(source);
    const shared = coalesceRequests(read);
    const english = shared("en");
    const russian = shared("ru");
    expect(started.map((s) => s.key)).toEqual(["en", "ru"]);
    started.forEach((s) => s.end());
    expect([await english, await russian]).toEqual(["en:1", "ru:1"]);
    source.value = 3;
    const later = shared("en");
    expect(started).toHaveLength(3);
    nth(2).end();
    expect(await later).toBe("en:3");
  });

  it("fails the callers sharing a failed read, and the next caller reads again", async () => {
    const source = { value: 1 };
    const { started, read, nth } = controlledReads(source);
    const shared = coalesceRequests(read);
    const first = shared("en");
    const second = shared("en");
    nth(0).fail(new Error("connection lost"));
    await expect(first).rejects.toThrow("connection lost");
    await settled();
    nth(1).fail(new Error("still lost"));
    await expect(second).rejects.toThrow("still lost");
    const third = shared("en");
    expect(started).toHaveLength(3);
    nth(2).end();
    expect(await third).toBe("en:1");
  });
});

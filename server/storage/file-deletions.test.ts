import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { fileDeletions } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import {
  enqueueFileDeletions,
  pendingFileDeletions,
  processFileDeletions,
  retryDelayMs,
  sweepFileDeletions,
} from "./file-deletions.ts";
import type { FileStore } from "./file-store.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function exists(key: string) {
  const file = await t.services.files.open(key);
  file?.stream.destroy();
  return file !== null;
}

async function clearQueue() {
  await t.db.delete(fileDeletions);
}

/** A store whose removals fail while `down` is true. */
function flakyStore(base: FileStore) {
  const state = { down: true, calls: 0 };
  const store: FileStore = {
    ...base,
    async remove(key) {
      state.calls += 1;
      if (state.down) throw new Error("store unavailable");
      await base.remove(key);
    },
  };
  return { store, state };
}

describe("file-deletion outbox", () => {
  it("forgets the request when the transaction that made it rolls back", async () => {
    await clearQueue();
    await t.services.files.put("certificates/u1/1-rollback.pdf", Buffer.from("%PDF"));
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueFileDeletions(tx, null, ["certificates/u1/1-rollback.pdf"], new Date());
        throw new Error("action failed");
      }),
    ).rejects.toThrow("action failed");
    expect(await pendingFileDeletions(t.db)).toEqual([]);
    await processFileDeletions(t.db, t.services.files, { now: new Date() });
    expect(await exists("certificates/u1/1-rollback.pdf")).toBe(true);
  });

  it("removes due files and deletes their rows; a missing file counts as removed", async () => {
    await clearQueue();
    await t.services.files.put("certificates/u1/2-a.pdf", Buffer.from("%PDF"));
    const ids = await t.db.transaction((tx) =>
      enqueueFileDeletions(
        tx,
        null,
        ["certificates/u1/2-a.pdf", "certificates/u1/never-stored.pdf", "certificates/u1/2-a.pdf"],
        new Date(),
      ),
    );
    expect(ids).toHaveLength(2);
    const result = await processFileDeletions(t.db, t.services.files, { now: new Date(), ids });
    expect(result).toEqual({ removed: 2, failed: 0 });
    expect(await exists("certificates/u1/2-a.pdf")).toBe(false);
    expect(await pendingFileDeletions(t.db)).toEqual([]);
  });

  it("keeps the row when the store fails, counts the attempt and backs off, then succeeds later", async () => {
    await clearQueue();
    await t.services.files.put("certificates/u1/3-a.pdf", Buffer.from("%PDF"));
    const now = new Date("2026-11-21T10:00:00Z");
    const ids = await enqueueFileDeletions(t.db, null, ["certificates/u1/3-a.pdf"], now);
    const { store, state } = flakyStore(t.services.files);

    expect(await processFileDeletions(t.db, store, { now, ids })).toEqual({ removed: 0, failed: 1 });
    let [row] = await t.db
      .select()
      .from(fileDeletions)
      .where(eq(fileDeletions.id, ids[0] ?? 0));
    expect(row).toMatchObject({ attempts: 1, lastError: "store unavailable" });
    expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
    expect(await exists("certificates/u1/3-a.pdf")).toBe(true);

    // Not due yet: left alone.
    expect(await processFileDeletions(t.db, store, { now: new Date(now.getTime() + 1000) })).toEqual({ removed: 0, failed: 0 });
    expect(state.calls).toBe(1);

    const second = new Date(now.getTime() + retryDelayMs(1));
    expect(await processFileDeletions(t.db, store, { now: second })).toEqual({ removed: 0, failed: 1 });
    [row] = await t.db
      .select()
      .from(fileDeletions)
      .where(eq(fileDeletions.id, ids[0] ?? 0));
    expect(row?.attempts).toBe(2);
    expect(row?.nextAttemptAt.getTime()).toBe(second.getTime() + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    state.down = false;
    expect(await processFileDeletions(t.db, store, { now: new Date(second.getTime() + retryDelayMs(2)) })).toEqual({
      removed: 1,
      failed: 0,
    });
    expect(await pendingFileDeletions(t.db)).toEqual([]);
    expect(await exists("certificates/u1/3-a.pdf")).toBe(false);
  });

  it("works only on the given ids when told, and leaves rows that are not due", async () => {
    await clearQueue();
    const now = new Date();
    const [mine] = await enqueueFileDeletions(t.db, null, ["certificates/u1/4-mine.pdf"], now);
    await enqueueFileDeletions(t.db, null, ["certificates/u1/4-other.pdf"], now);
    await enqueueFileDeletions(t.db, null, ["chat-images/u1/later.png"], new Date(now.getTime() + 86_400_000));
    expect(await processFileDeletions(t.db, t.services.files, { now, ids: [mine ?? 0] })).toEqual({ removed: 1, failed: 0 });
    expect((await pendingFileDeletions(t.db)).map((r) => r.path)).toEqual([
      "certificates/u1/4-other.pdf",
      "chat-images/u1/later.png",
    ]);
    expect(await processFileDeletions(t.db, t.services.files, { now })).toEqual({ removed: 1, failed: 0 });
    expect((await pendingFileDeletions(t.db)).map((r) => r.path)).toEqual(["chat-images/u1/later.png"]);
  });

  it("a deletion enqueued in a transaction runs as a background job after commit; a rolled-back one never runs", async () => {
    await clearQueue();
    await t.runBackground();
    await t.services.files.put("certificates/u1/5-a.pdf", Buffer.from("%PDF"));
    await t.services.files.put("certificates/u1/5-b.pdf", Buffer.from("%PDF"));
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueFileDeletions(tx, t.services.queue, ["certificates/u1/5-b.pdf"], new Date());
        throw new Error("action failed");
      }),
    ).rejects.toThrow("action failed");
    expect(await t.runBackground()).toBe(0);
    await t.db.transaction((tx) => enqueueFileDeletions(tx, t.services.queue, ["certificates/u1/5-a.pdf"], new Date()));
    expect(await t.runBackground()).toBe(1);
    expect(await pendingFileDeletions(t.db)).toEqual([]);
    expect(await exists("certificates/u1/5-a.pdf")).toBe(false);
    expect(await exists("certificates/u1/5-b.pdf")).toBe(true);
  });

  it("the sweep logs failures without giving up, and a later sweep removes the file once the store is back", async () => {
    await clearQueue();
    const warnings: object[] = [];
    const { store, state } = flakyStore(t.services.files);
    let clock = Date.now();
    await enqueueFileDeletions(t.db, null, ["certificates/u1/6-a.pdf"], new Date(clock));
    const deps = {
      db: t.db,
      files: store,
      log: { info() {}, warn: (fields: object) => warnings.push(fields) },
      now: () => new Date(clock),
    };
    await sweepFileDeletions(deps);
    expect(state.calls).toBe(1);
    expect(warnings[0]).toMatchObject({ event: "file_deletion_failed", failed: 1 });
    state.down = false;
    clock += retryDelayMs(1);
    await sweepFileDeletions(deps);
    expect(await pendingFileDeletions(t.db)).toEqual([]);
  });
});

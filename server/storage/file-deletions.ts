import { and, asc, eq, inArray, lte } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { fileDeletions } from "../../db/schema/index.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import type { ServiceLog } from "../services.ts";
import type { FileStore } from "./file-store.ts";

/** First retry after a failed removal; each later one waits twice as long, up to RETRY_MAX_MS. */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 6 * 60 * 60 * 1000;
/** How long a claimed row is left alone by other sweeps (a crashed sweep's rows come back after it). */
export const CLAIM_LEASE_MS = 5 * 60 * 1000;
const BATCH = 100;

/** Delay before attempt number `attempts + 1`, after `attempts` failures. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Records files to remove once the caller's transaction commits, and (when `queue` is given) wakes the
 * background sweep in that same transaction. Call it inside the transaction that drops the rows
 * pointing at them: a rollback forgets the request together with the deletion. A later
 * `nextAttemptAt` (an upload not yet claimed) waits for the scheduled sweep.
 */
export async function enqueueFileDeletions(
  tx: Queryable,
  queue: BackgroundQueue | null,
  paths: readonly string[],
  now: Date,
): Promise<number[]> {
  const unique = [...new Set(paths)];
  if (unique.length === 0) return [];
  const rows = await tx
    .insert(fileDeletions)
    .values(unique.map((path) => ({ path, nextAttemptAt: now })))
    .returning({ id: fileDeletions.id });
  if (queue) await queue.send(tx, "file-deletions", {});
  return rows.map((r) => r.id);
}

export type ProcessResult = { removed: number; failed: number };

/**
 * Removes due files from the store. Rows are claimed first (moved CLAIM_LEASE_MS ahead, skipping rows
 * another sweep holds), so concurrent sweeps never work on the same row; a row is deleted only once
 * the store confirmed the removal, and a failure is counted and retried later with backoff.
 * `ids` limits the sweep to the rows an action just enqueued.
 */
export async function processFileDeletions(
  db: Database,
  store: FileStore,
  options: { now: Date; ids?: readonly number[]; limit?: number },
): Promise<ProcessResult> {
  const { now } = options;
  if (options.ids && options.ids.length === 0) return { removed: 0, failed: 0 };
  const due = db
    .select({ id: fileDeletions.id })
    .from(fileDeletions)
    .where(and(lte(fileDeletions.nextAttemptAt, now), options.ids ? inArray(fileDeletions.id, [...options.ids]) : undefined))
    .orderBy(asc(fileDeletions.nextAttemptAt))
    .limit(options.limit ?? BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(fileDeletions)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(inArray(fileDeletions.id, due))
    .returning({ id: fileDeletions.id, path: fileDeletions.path, attempts: fileDeletions.attempts });

  let removed = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      await store.remove(row.path);
      await db.delete(fileDeletions).where(eq(fileDeletions.id, row.id));
      removed += 1;
    } catch (error) {
      failed += 1;
      const attempts = row.attempts + 1;
      await db
        .update(fileDeletions)
        .set({
          attempts,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where(eq(fileDeletions.id, row.id));
    }
  }
  return { removed, failed };
}

/**
 * The "file-deletions" background job: removes every due file, whole batches until the backlog is gone.
 * Files that fail stay queued with their own backoff; the schedule, and the job each deletion adds,
 * come back for them.
 */
export async function sweepFileDeletions(deps: { db: Database; files: FileStore; log: ServiceLog; now: () => Date }) {
  let result: ProcessResult;
  do {
    result = await processFileDeletions(deps.db, deps.files, { now: deps.now() });
    if (result.failed > 0)
      deps.log.warn({ event: "file_deletion_failed", failed: result.failed }, "some files could not be removed; retrying later");
  } while (result.removed + result.failed >= BATCH);
}

/** Paths still waiting for removal (tests and operators). */
export async function pendingFileDeletions(db: Queryable): Promise<{ path: string; attempts: number }[]> {
  return db
    .select({ path: fileDeletions.path, attempts: fileDeletions.attempts })
    .from(fileDeletions)
    .orderBy(asc(fileDeletions.id));
}

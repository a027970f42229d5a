import { sql } from "drizzle-orm";

import { queryRows, type Database } from "../../db/database.ts";
import { idempotentRequests } from "../../db/schema/index.ts";

/**
 * How long a create's answer stays under its key (docs/decisions/063): far longer than any client
 * retries a submission (a tab's retries end within minutes; an offline phone's within hours).
 */
export const IDEMPOTENT_ANSWER_TTL_MS = 24 * 60 * 60 * 1000;

/** Rows one statement deletes: a long backlog goes in short transactions. */
const SWEEP_BATCH = 5000;

/** Deletes the answers older than IDEMPOTENT_ANSWER_TTL_MS; returns how many went. */
export async function sweepIdempotentAnswers(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENT_ANSWER_TTL_MS).toISOString();
  let swept = 0;
  for (;;) {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
            delete from ${idempotentRequests} where ctid in (
              select ctid from ${idempotentRequests}
              where ${idempotentRequests.createdAt} < ${before}::timestamptz limit ${SWEEP_BATCH})
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(rows[0]?.n ?? 0);
    swept += n;
    if (n < SWEEP_BATCH) return swept;
  }
}

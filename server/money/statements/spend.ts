import { inArray, sql } from "drizzle-orm";

import type { Queryable } from "../../../db/database.ts";
import { jobs } from "../../../db/schema/index.ts";
import type { PageCursor } from "../../../domain/page-cursor.ts";
import type { PayMode } from "../../../domain/pay-mode.ts";
import { employerSpendByJob, type JobMoney } from "../ledger/job-money.ts";

/** A job of an employer's spend: its money, and what the job is called (null once the job is gone). */
export type SpendLine = JobMoney & { title: string | null; startDate: string | null; payMode: PayMode | null };

/**
 * A page of an employer's spend by job (server/money/ledger/job-money.ts) with each job's title, start
 * date and pay mode read in one more query for the page's jobs.
 */
export async function employerSpend(
  db: Queryable,
  userId: string,
  cursor: PageCursor | null | undefined,
): Promise<{ items: SpendLine[]; nextCursor: PageCursor | null }> {
  const page = await employerSpendByJob(db, userId, cursor);
  const ids = [...new Set(page.items.map((item) => item.jobId))];
  const named = ids.length
    ? await db
        .select({ id: jobs.id, title: jobs.title, startDate: sql<string>`${jobs.startDate}::text`, payMode: jobs.payMode })
        .from(jobs)
        .where(inArray(jobs.id, ids))
    : [];
  const byId = new Map(named.map((job) => [job.id, job]));
  return {
    items: page.items.map((item) => {
      const job = byId.get(item.jobId);
      return { ...item, title: job?.title ?? null, startDate: job?.startDate ?? null, payMode: job?.payMode ?? null };
    }),
    nextCursor: page.nextCursor,
  };
}

/** Every page of an employer's spend, up to `maxJobs` jobs (a CSV of all of it). */
export async function employerSpendAll(db: Queryable, userId: string, maxJobs: number): Promise<SpendLine[]> {
  const lines: SpendLine[] = [];
  const jobIds = new Set<string>();
  let cursor: PageCursor | null = null;
  do {
    const page: Awaited<ReturnType<typeof employerSpend>> = await employerSpend(db, userId, cursor);
    for (const item of page.items) jobIds.add(item.jobId);
    lines.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && jobIds.size < maxJobs);
  return lines;
}

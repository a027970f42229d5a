import type { Database, Queryable } from "../../db/database.ts";
import { jobs } from "../../db/schema/index.ts";
import type { JobCreateValues } from "../../domain/jobs.ts";
import type { RateLimits } from "../../domain/limits.ts";
import { rememberAnswer, type KeyedRequest } from "../idempotency/once-per-key.ts";
import { rateRefusal } from "../limits/rate-limit.ts";
import { cityExists } from "../places/find-cities.ts";
import type { BackgroundQueue } from "../queue/background-queue.ts";
import { refusal } from "../refusal.ts";
import { jobColumns } from "./job-columns.ts";

/**
 * Inserts a job posted by `employerId` in the language they wrote it in; returns its id. The city must
 * be one of the gazetteer's (its rows never change at run time, so checking first is enough). Posting
 * is rate limited: each new job alerts other people (docs/decisions/055). A keyed post's answer is
 * written with the job (docs/decisions/063).
 */
export async function createJob(
  db: Database,
  { queue, rateLimits }: { queue: BackgroundQueue; rateLimits: RateLimits },
  employerId: string,
  input: JobCreateValues,
  now: Date,
  keyed: KeyedRequest | null = null,
) {
  if (!(await cityExists(db, input.cityId))) return refusal("city_unknown");
  const tooMany = await rateRefusal(db, rateLimits, employerId, "jobPost");
  if (tooMany) return tooMany;
  return db.transaction(async (tx) => {
    const row = await insertJob(tx, queue, { employerId, input, now });
    await rememberAnswer(tx, keyed, row);
    return row;
  });
}

/**
 * The job's row in the caller's transaction (posting, "post again" with `copiedFromId`), with the
 * matching of saved searches and followers (docs/decisions/023, 036) and its translation for search
 * (docs/decisions/051) queued with it.
 */
export async function insertJob(
  tx: Queryable,
  queue: BackgroundQueue,
  p: { employerId: string; input: JobCreateValues; now: Date; copiedFromId?: string },
) {
  const [row] = await tx
    .insert(jobs)
    .values({
      employerId: p.employerId,
      ...jobColumns(p.input),
      language: p.input.language,
      copiedFromId: p.copiedFromId ?? null,
      createdAt: p.now,
      updatedAt: p.now,
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error("job insert returned nothing");
  await queue.send(tx, "saved-search-match", { jobId: row.id });
  await queue.send(tx, "search-translation", { jobId: row.id });
  return row;
}

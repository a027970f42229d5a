import type { Database, Queryable } from "../../db/database.ts";
import { jobs } from "../../db/schema/index.ts";
import type { JobCreateValues } from "../../domain/jobs.ts";
import type { RateLimits } from "../../domain/limits.ts";
import type { HoldRule } from "../../domain/moderation/hold-rules.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { rememberAnswer, type KeyedRequest } from "../idempotency/once-per-key.ts";
import { rateRefusal } from "../limits/rate-limit.ts";
import { recordHold, rulesTripped } from "../moderation/holds.ts";
import { cityExists } from "../places/find-cities.ts";
import { refusal } from "../refusal.ts";
import { jobColumns } from "./job-columns.ts";
import { mayTakePayMode } from "./pay-mode-owner.ts";

/**
 * Inserts a job posted by `employerId` in the language they wrote it in; returns its id. The city must
 * be one of the gazetteer's (its rows never change at run time, so checking first is enough). Posting
 * is rate limited: each new job alerts other people (docs/decisions/055). A keyed post's answer is
 * written with the job (docs/decisions/063).
 */
export async function createJob(
  db: Database,
  { queue, rateLimits, holdRules }: { queue: BackgroundQueue; rateLimits: RateLimits; holdRules: readonly HoldRule[] },
  employerId: string,
  input: JobCreateValues,
  now: Date,
  keyed: KeyedRequest | null = null,
) {
  if (!(await cityExists(db, input.cityId))) return refusal("city_unknown");
  if (!(await mayTakePayMode(db, employerId, input.payMode))) return refusal("pay_mode_employers_only");
  const tooMany = await rateRefusal(db, rateLimits, employerId, "jobPost");
  if (tooMany) return tooMany;
  return db.transaction(async (tx) => {
    const row = await insertJob(tx, queue, { employerId, input, now, holdRules });
    await rememberAnswer(tx, keyed, row);
    return row;
  });
}

/**
 * The job's row in the caller's transaction (posting, "post again" with `copiedFromId`), with the
 * matching of saved searches and followers (docs/decisions/023, 036) and its translation for search
 * (docs/decisions/051) queued with it. A post that trips a hold rule is written held, with its hold,
 * and tells nobody until an operator approves it (docs/decisions/069, server/moderation/holds.ts).
 */
export async function insertJob(
  tx: Queryable,
  queue: BackgroundQueue,
  p: { employerId: string; input: JobCreateValues; now: Date; holdRules: readonly HoldRule[]; copiedFromId?: string },
) {
  // Read before the insert, so the account's posts of the last hour do not count this one.
  const rules = await rulesTripped(tx, { employerId: p.employerId, text: p.input, now: p.now, rules: p.holdRules });
  const moderation = rules.length > 0 ? ("held" as const) : ("visible" as const);
  const [row] = await tx
    .insert(jobs)
    .values({
      employerId: p.employerId,
      ...jobColumns(p.input),
      language: p.input.language,
      copiedFromId: p.copiedFromId ?? null,
      moderation,
      createdAt: p.now,
      updatedAt: p.now,
    })
    .returning({ id: jobs.id, moderation: jobs.moderation });
  if (!row) throw new Error("job insert returned nothing");
  if (moderation === "held") await recordHold(tx, { jobId: row.id, rules, now: p.now });
  else await queue.send(tx, "saved-search-match", { jobId: row.id });
  await queue.send(tx, "search-translation", { jobId: row.id });
  return row;
}

import { and, eq, inArray, isNull, ne, not } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { jobApplications, jobs, profiles } from "../../db/schema/index.ts";
import type { JobCreateValues } from "../../domain/jobs.ts";
import type { RateLimits } from "../../domain/limits.ts";
import type { HoldRule } from "../../domain/moderation/hold-rules.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { blockedBetween } from "../blocks/between.ts";
import { rememberAnswer, type KeyedRequest } from "../idempotency/once-per-key.ts";
import { insertJob } from "../jobs/create-job.ts";
import { mayTakePayMode } from "../jobs/pay-mode-owner.ts";
import { rateRefusal } from "../limits/rate-limit.ts";
import { cityExists } from "../places/find-cities.ts";
import { inTransaction, refusal } from "../refusal.ts";
import { inviteInTx, type InviteRefusal } from "./invite.ts";

const PAST = ["completed", "cancelled"] as const;

/**
 * A past (completed or cancelled) job of the owner as "post again" prefills the form: its fields and the
 * workers hired on it (to invite, checked by default). Null when it is not the owner's or not past.
 */
export async function pastJobForCopy(db: Queryable, p: { jobId: string; ownerId: string }) {
  const [job] = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      description: jobs.description,
      category: jobs.category,
      cityId: jobs.cityId,
      district: jobs.district,
      address: jobs.address,
      durationDays: jobs.durationDays,
      startTime: jobs.startTime,
      hourlyRate: jobs.hourlyRate,
      currency: jobs.currency,
      maxWorkers: jobs.maxWorkers,
      skills: jobs.skills,
      partialDays: jobs.partialDays,
      payMode: jobs.payMode,
      startDate: jobs.startDate,
    })
    .from(jobs)
    .where(and(eq(jobs.id, p.jobId), eq(jobs.employerId, p.ownerId), inArray(jobs.status, [...PAST])));
  if (!job) return null;
  const hired = await db
    .select({ workerId: jobApplications.workerId, fullName: profiles.fullName })
    .from(jobApplications)
    .innerJoin(profiles, eq(profiles.id, jobApplications.workerId))
    .where(
      and(
        eq(jobApplications.jobId, p.jobId),
        eq(jobApplications.status, "accepted"),
        eq(profiles.userType, "worker"),
        // A deleted account's stand-in (docs/decisions/050) is nobody to invite again.
        isNull(profiles.deletedAt),
      ),
    )
    .orderBy(profiles.fullName);
  return { job, hired };
}

export type PostAgainParams = {
  ownerId: string;
  copiedFromId: string;
  job: JobCreateValues;
  inviteWorkerIds: string[];
  now: Date;
  /** The submission's idempotency key: its answer is written with the job (docs/decisions/063). */
  keyed?: KeyedRequest | null;
};

/**
 * "Post again" (docs/decisions/036): one transaction posts the new job and invites the chosen workers still
 * invitable (docs/decisions/068); a post held for review is written without its invitations (docs/decisions/069).
 */
export async function postAgain(
  db: Database,
  { queue, rateLimits, holdRules }: { queue: BackgroundQueue; rateLimits: RateLimits; holdRules: readonly HoldRule[] },
  p: PostAgainParams,
) {
  if (!(await cityExists(db, p.job.cityId))) return refusal("city_unknown");
  if (!(await mayTakePayMode(db, p.ownerId, p.job.payMode))) return refusal("pay_mode_employers_only");
  const tooMany = await rateRefusal(db, rateLimits, p.ownerId, "jobPost");
  if (tooMany) return tooMany;
  return inTransaction(db, async (tx, refuse: (reason: InviteRefusal | "post_again_not_found") => never) => {
    const [source] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, p.copiedFromId), eq(jobs.employerId, p.ownerId), inArray(jobs.status, [...PAST])));
    if (!source) return refuse("post_again_not_found");
    const row = await insertJob(tx, queue, {
      employerId: p.ownerId,
      input: p.job,
      now: p.now,
      holdRules,
      copiedFromId: source.id,
    });
    // A post held for review invites nobody: the owner invites again once it is shown (docs/decisions/069).
    const invitable =
      p.inviteWorkerIds.length === 0 || row.moderation === "held"
        ? []
        : await tx
            .select({ id: profiles.id })
            .from(profiles)
            .where(
              and(
                inArray(profiles.id, p.inviteWorkerIds),
                eq(profiles.userType, "worker"),
                ne(profiles.id, p.ownerId),
                not(blockedBetween(p.ownerId, profiles.id)),
              ),
            );
    const invited: string[] = [];
    for (const { id } of invitable.sort((a, b) => a.id.localeCompare(b.id))) {
      await inviteInTx(tx, queue, { jobId: row.id, ownerId: p.ownerId, workerId: id, now: p.now }, refuse);
      invited.push(id);
    }
    const posted = { id: row.id, invited, moderation: row.moderation };
    await rememberAnswer(tx, p.keyed ?? null, posted);
    return posted;
  });
}

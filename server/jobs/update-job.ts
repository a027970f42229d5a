import { and, eq, inArray, lte, not, or, sql } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { jobs } from "../../db/schema/index.ts";
import { todayIn } from "../../domain/age.ts";
import { bringsShiftsForwardAtShortNotice, scheduleMoved } from "../../domain/job-schedule.ts";
import type { JobUpdateValues } from "../../domain/jobs.ts";
import { EDIT_RULES, type HoldRule } from "../../domain/moderation/hold-rules.ts";
import { ACTIVE_JOB_STATUSES, isActiveJob } from "../../domain/statuses.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { holdJob, rulesTripped } from "../moderation/holds.ts";
import { cityExists } from "../places/find-cities.ts";
import { inTransaction, refusal } from "../refusal.ts";
import { jobColumns } from "./job-columns.ts";
import { anyoneHired, findOwnJob } from "./job-details.ts";
import { mayTakePayMode } from "./pay-mode-owner.ts";
import { jobScheduleOf, lockOwnerAndHired, tellHiredOfMove } from "./schedule-moved.ts";

/**
 * Saves the edit form in one conditional UPDATE that re-checks owner, status, accepted workers, start date
 * and that the pay mode stays once someone is hired, so racing accepts and status moves are judged by what they left. Moved days tell hired workers and free
 * them to withdraw (docs/decisions/056); a tripped hold rule holds the job (docs/decisions/069).
 */
export async function updateJob(
  db: Database,
  { queue, holdRules }: { queue: BackgroundQueue; holdRules: readonly HoldRule[] },
  employerId: string,
  input: JobUpdateValues,
  now: Date,
) {
  if (!(await cityExists(db, input.cityId))) return refusal("city_unknown");
  type Refuse = (reason: "schedule_change_too_soon" | "pay_mode_employers_only") => never;
  const row = await inTransaction(db, async (tx, refuse: Refuse) => {
    // People first, then the job's row, so the schedule read before the UPDATE is the one it replaces.
    await lockOwnerAndHired(tx, input.jobId, employerId);
    const before = await jobScheduleOf(tx, input.jobId, employerId);
    // Asked of the owner only: anyone else's edit is "not found" (readReason).
    if (before && !(await mayTakePayMode(tx, employerId, input.payMode))) return refuse("pay_mode_employers_only");
    const [updated] = await saveEdit(tx, employerId, input, now);
    if (!updated) return null;
    // What the post now says and pays is checked again; a tripped rule holds it (docs/decisions/069).
    const rules = await rulesTripped(tx, {
      employerId,
      text: input,
      now,
      rules: EDIT_RULES.filter((r) => holdRules.includes(r)),
    });
    if (rules.length > 0) await holdJob(tx, { jobId: updated.id, rules, now });
    // Translated again for search: a cache hit when the text is unchanged (docs/decisions/051).
    await queue.send(tx, "search-translation", { jobId: updated.id });
    const after = await jobScheduleOf(tx, updated.id, employerId);
    if (before && after && scheduleMoved(before, after)) {
      const told = await tellHiredOfMove(tx, queue, { jobId: updated.id, ownerId: employerId, now });
      if (told > 0 && bringsShiftsForwardAtShortNotice(before, after, now)) return refuse("schedule_change_too_soon");
    }
    return updated;
  });
  if (row === null) return readReason(db, employerId, input);
  return row;
}

/** Why the conditional UPDATE wrote nothing. */
async function readReason(db: Queryable, employerId: string, input: JobUpdateValues) {
  const current = await findOwnJob(db, input.jobId, employerId);
  if (!current) return refusal("job_edit_not_found");
  if (!isActiveJob(current.status)) return refusal("job_finished");
  if (current.acceptedCount > input.maxWorkers) return refusal("workers_below_accepted");
  if (current.hired && current.payMode !== input.payMode) return refusal("pay_mode_locked");
  return refusal("start_date_past");
}

/** The conditional UPDATE of updateJob: the updated job's id, or no row. */
function saveEdit(db: Queryable, employerId: string, input: JobUpdateValues, now: Date) {
  const today = todayIn(input.timeZone, now);
  const owned = and(eq(jobs.id, input.jobId), eq(jobs.employerId, employerId));
  return db
    .update(jobs)
    .set({
      ...jobColumns(input),
      // Translations of the old text no longer say what the job is: it stops being found by them until
      // it is translated again (server/translate/translate-job.ts, queued below).
      translatedText: sql`case when ${jobs.title} = ${input.title} and ${jobs.description} = ${input.description}
        then ${jobs.translatedText} else '' end`,
      updatedAt: now,
    })
    .where(
      and(
        owned,
        inArray(jobs.status, [...ACTIVE_JOB_STATUSES]),
        lte(jobs.acceptedCount, input.maxWorkers),
        // Settled once someone is hired: a hire is on the terms it was made on (docs/decisions/078).
        or(eq(jobs.payMode, input.payMode), not(anyoneHired)),
        // A date left as it was may be in the past (a job under way); a new one may not.
        input.startDate >= today ? undefined : eq(jobs.startDate, input.startDate),
      ),
    )
    .returning({ id: jobs.id });
}

import { and, eq, inArray, sql } from "drizzle-orm";

import type { Tx } from "../../db/database.ts";
import { cities, jobApplications, jobs, profiles } from "../../db/schema/index.ts";
import { jobTimeZone } from "../../domain/jobs.ts";
import { compensationKey, compensationOwed } from "../../domain/late-cancellation.ts";
import { cancellationCompensation } from "../../domain/ledger-flows.ts";
import { person } from "../../domain/ledger.ts";
import { fromMinorUnits } from "../../domain/minor-units.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { compensationOwedNotice } from "../notifications/events.ts";
import { bookFor } from "./ledger/book.ts";
import { postTransaction } from "./ledger/post-transaction.ts";

/** The job as a late cancellation is judged: its days, zone, rate (as Postgres prints it) and pay mode. */
async function cancelledJob(tx: Tx, jobId: string, ownerId: string) {
  const [job] = await tx
    .select({
      title: jobs.title,
      startDate: jobs.startDate,
      startTime: jobs.startTime,
      durationDays: jobs.durationDays,
      // Read as text: money never passes through a float (docs/decisions/076).
      hourlyRate: sql<string | null>`${jobs.hourlyRate}::text`,
      currency: jobs.currency,
      payMode: jobs.payMode,
      cityZone: cities.timeZone,
      ownerZone: profiles.timeZone,
    })
    .from(jobs)
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .leftJoin(cities, eq(cities.id, jobs.cityId))
    .where(and(eq(jobs.id, jobId), eq(jobs.employerId, ownerId)));
  return job ?? null;
}

/**
 * Inside the transaction of an employer's cancellation (the job cancelled; `applicationIds` when only
 * some hired workers lose their place), after the people were locked first: each hired worker whose next
 * day starts in less than LATE_CANCELLATION_HOURS, or has begun, is owed LATE_CANCELLATION_PAY_HOURS of
 * pay at the job's rate (docs/decisions/078). It is posted to the ledger (the money book through Daywork,
 * the direct book otherwise) once per application and day, and the worker is told. A job without a rate
 * posts nothing: the worker is told they are owed those hours at the rate they agreed. Answers how many
 * workers were owed compensation now.
 */
export async function payLateCancellation(
  tx: Tx,
  queue: BackgroundQueue,
  p: { jobId: string; ownerId: string; applicationIds?: readonly string[]; now: Date },
): Promise<number> {
  const job = await cancelledJob(tx, p.jobId, p.ownerId);
  if (!job) return 0;
  const hired = await tx
    .select({ id: jobApplications.id, workerId: jobApplications.workerId, days: jobApplications.days })
    .from(jobApplications)
    .where(
      and(
        eq(jobApplications.jobId, p.jobId),
        eq(jobApplications.status, "accepted"),
        p.applicationIds ? inArray(jobApplications.id, [...p.applicationIds]) : undefined,
      ),
    )
    .orderBy(jobApplications.id);
  const timeZone = jobTimeZone(job.cityZone, job.ownerZone);
  let owed = 0;
  for (const application of hired) {
    const due = compensationOwed({ ...job, timeZone, days: application.days }, p.now);
    if (!due) continue;
    const key = compensationKey(application.id, due.shiftDate);
    let payMode = job.payMode;
    if (due.amountMinor !== null) {
      payMode = await bookFor(tx, job.payMode, p.ownerId, application.workerId);
      const posted = await postTransaction(tx, {
        ...cancellationCompensation(payMode, person(p.ownerId), person(application.workerId), due.amountMinor),
        idempotencyKey: key,
        currency: job.currency,
        causeRef: application.id,
        jobId: p.jobId,
        createdBy: person(p.ownerId),
      });
      // Posted before for this day (a retry), or a worker whose account is gone: nothing new to tell.
      if (!posted.ok || posted.replayed) continue;
    }
    await compensationOwedNotice(tx, queue, {
      ownerId: p.ownerId,
      workerId: application.workerId,
      dedupeKey: key,
      payload: {
        jobId: p.jobId,
        jobTitle: job.title,
        shiftDate: due.shiftDate,
        amount: due.amountMinor === null ? null : fromMinorUnits(due.amountMinor, job.currency),
        currency: job.currency,
        payMode,
      },
    });
    owed += 1;
  }
  return owed;
}

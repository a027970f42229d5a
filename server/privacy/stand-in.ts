import { randomUUID } from "node:crypto";
import { and, eq, exists, inArray, lt, ne, notExists, or, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";

import type { Tx } from "../../db/database.ts";
import { user } from "../../db/schema/auth.ts";
import {
  deletedAccounts,
  jobApplications,
  jobs,
  profiles,
  ratings,
  reliabilityEvents,
  shiftAttendance,
  timesheets,
} from "../../db/schema/index.ts";
import { LEGAL } from "../../domain/legal.ts";
import type { UserType } from "../../domain/user-types.ts";
import type { StandingKey } from "./standing-key.ts";

/*
 * What of a deleted account the other side keeps (docs/decisions/050). Its hires whose work began, its
 * jobs with such hires or reviews, the reviews it gave and received and its strikes move to a stand-in:
 * a profile with no name, no details and no way to sign in, shown as "Deleted user". The job's hired
 * count, the timesheets (they hang on the hire) and every rating stay as they were.
 */

/** Whether an accepted application's work has begun: a record the job's other side needs. */
function workBegan(applicationId: AnyPgColumn, today: string) {
  return or(
    inArray(jobs.status, ["in_progress", "completed"]),
    sql`${jobs.startDate} <= ${today}::date`,
    sql`exists (select 1 from ${shiftAttendance} where ${shiftAttendance.applicationId} = ${applicationId})`,
    sql`exists (select 1 from ${timesheets} where ${timesheets.applicationId} = ${applicationId})`,
  );
}

/** The person's records the other side keeps: hires (on other people's jobs) and own jobs. */
export async function keptRecords(tx: Tx, userId: string, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const hires = await tx
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(
      and(
        eq(jobApplications.workerId, userId),
        eq(jobApplications.status, "accepted"),
        ne(jobs.employerId, userId),
        workBegan(jobApplications.id, today),
      ),
    );
  const hire = alias(jobApplications, "hire");
  const ownJobs = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.employerId, userId),
        or(
          exists(
            tx
              .select({ one: sql`1` })
              .from(hire)
              .where(and(eq(hire.jobId, jobs.id), eq(hire.status, "accepted"), workBegan(hire.id, today))),
          ),
          exists(
            tx
              .select({ one: sql`1` })
              .from(ratings)
              .where(eq(ratings.jobId, jobs.id)),
          ),
        ),
      ),
    );
  const [other] = await tx
    .select({
      ratings: sql<number>`(select count(*)::int from ${ratings} where ${ratings.fromUserId} = ${userId} or ${ratings.toUserId} = ${userId})`,
      strikes: sql<number>`(select count(*)::int from ${reliabilityEvents} where ${reliabilityEvents.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return {
    hireIds: hires.map((h) => h.id),
    jobIds: ownJobs.map((j) => j.id),
    any: hires.length > 0 || ownJobs.length > 0 || (other?.ratings ?? 0) > 0 || (other?.strikes ?? 0) > 0,
  };
}

/**
 * Moves a deleting person's kept records to a new stand-in and remembers the keyed hashes of their
 * addresses until the retention period ends. Free text they wrote on the kept records (review
 * comments, a reply to a strike, an application's note) and a kept job's street address go.
 */
export async function moveToStandIn(
  tx: Tx,
  person: { id: string; email: string; phone: string | null; userType: UserType },
  kept: { hireIds: string[]; jobIds: string[] },
  key: StandingKey,
  now: Date,
): Promise<string> {
  const standInId = randomUUID();
  await tx
    .insert(user)
    .values({ id: standInId, name: "", email: `${standInId}@deleted.invalid`, createdAt: now, updatedAt: now });
  await tx.insert(profiles).values({
    id: standInId,
    userType: person.userType,
    fullName: "",
    deletedAt: now,
    privacyProfileVisible: false,
    notificationEmail: false,
    notificationPush: false,
    createdAt: now,
    updatedAt: now,
  });
  if (kept.hireIds.length)
    await tx
      .update(jobApplications)
      .set({ workerId: standInId, message: null, updatedAt: now })
      .where(inArray(jobApplications.id, kept.hireIds));
  if (kept.jobIds.length)
    await tx
      .update(jobs)
      .set({
        employerId: standInId,
        address: null,
        // Nobody is left to run an unfinished job: it ends, and leaves search.
        status: sql`case when ${jobs.status} in ('open', 'in_progress') then 'cancelled'::job_status else ${jobs.status} end`,
        updatedAt: now,
      })
      .where(inArray(jobs.id, kept.jobIds));
  await tx.update(ratings).set({ fromUserId: standInId, comment: null }).where(eq(ratings.fromUserId, person.id));
  await tx.update(ratings).set({ toUserId: standInId }).where(eq(ratings.toUserId, person.id));
  await tx
    .update(reliabilityEvents)
    .set({ userId: standInId, reply: null, repliedAt: null })
    .where(eq(reliabilityEvents.userId, person.id));
  const retainUntil = new Date(now);
  retainUntil.setUTCFullYear(retainUntil.getUTCFullYear() + LEGAL.deletedAccountStandingYears);
  await tx.insert(deletedAccounts).values({
    standInId,
    emailHash: key.email(person.email),
    phoneHash: person.phone ? key.phone(person.phone) : null,
    deletedAt: now,
    retainUntil,
  });
  return standInId;
}

/** Forgets the addresses of deleted accounts whose retention period is over; their stand-ins stay anonymous. */
export async function forgetExpiredStanding(tx: Tx, now: Date): Promise<number> {
  const gone = await tx
    .delete(deletedAccounts)
    .where(lt(deletedAccounts.retainUntil, now))
    .returning({ id: deletedAccounts.standInId });
  return gone.length;
}

/**
 * A new account whose e-mail (or phone) is that of an account deleted within the retention period
 * inherits its standing: the stand-in's hires, jobs, reviews and strikes become the new account's, so
 * deleting and signing up again wipes neither a bad review nor a strike. Rows that would clash with
 * one the new account already has stay with the stand-in. Answers how many stand-ins were taken over.
 */
export async function inheritStanding(
  tx: Tx,
  userId: string,
  addresses: { email?: string; phone?: string | null },
  key: StandingKey,
  now: Date,
): Promise<number> {
  const hashes = [
    addresses.email ? eq(deletedAccounts.emailHash, key.email(addresses.email)) : undefined,
    addresses.phone && key.phone(addresses.phone) ? eq(deletedAccounts.phoneHash, key.phone(addresses.phone) ?? "") : undefined,
  ].filter((condition) => condition !== undefined);
  if (!hashes.length) return 0;
  await forgetExpiredStanding(tx, now);
  const found = await tx
    .select({ standInId: deletedAccounts.standInId })
    .from(deletedAccounts)
    .where(or(...hashes))
    .for("update");
  for (const { standInId } of found) {
    const other = alias(jobApplications, "other");
    await tx
      .update(jobApplications)
      .set({ workerId: userId })
      .where(
        and(
          eq(jobApplications.workerId, standInId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(other)
              .where(and(eq(other.jobId, jobApplications.jobId), eq(other.workerId, userId))),
          ),
        ),
      );
    await tx.update(jobs).set({ employerId: userId }).where(eq(jobs.employerId, standInId));
    const clash = alias(ratings, "clash");
    await tx
      .update(ratings)
      .set({ fromUserId: userId })
      .where(
        and(
          eq(ratings.fromUserId, standInId),
          ne(ratings.toUserId, userId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(clash)
              .where(and(eq(clash.jobId, ratings.jobId), eq(clash.fromUserId, userId), eq(clash.toUserId, ratings.toUserId))),
          ),
        ),
      );
    await tx
      .update(ratings)
      .set({ toUserId: userId })
      .where(
        and(
          eq(ratings.toUserId, standInId),
          ne(ratings.fromUserId, userId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(clash)
              .where(and(eq(clash.jobId, ratings.jobId), eq(clash.fromUserId, ratings.fromUserId), eq(clash.toUserId, userId))),
          ),
        ),
      );
    const strike = alias(reliabilityEvents, "strike");
    await tx
      .update(reliabilityEvents)
      .set({ userId })
      .where(
        and(
          eq(reliabilityEvents.userId, standInId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(strike)
              .where(
                and(
                  eq(strike.userId, userId),
                  sql`${strike.jobId} is not distinct from ${reliabilityEvents.jobId}`,
                  eq(strike.kind, reliabilityEvents.kind),
                  eq(strike.onDate, reliabilityEvents.onDate),
                ),
              ),
          ),
        ),
      );
    await tx.delete(deletedAccounts).where(eq(deletedAccounts.standInId, standInId));
    // An emptied stand-in goes; one still holding a clashing row stays, anonymous.
    await tx.delete(user).where(
      and(
        eq(user.id, standInId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(jobApplications)
            .where(eq(jobApplications.workerId, standInId)),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(jobs)
            .where(eq(jobs.employerId, standInId)),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(ratings)
            .where(or(eq(ratings.fromUserId, standInId), eq(ratings.toUserId, standInId))),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(reliabilityEvents)
            .where(eq(reliabilityEvents.userId, standInId)),
        ),
      ),
    );
  }
  return found.length;
}

import { and, eq, inArray, isNull } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { appeals, reliabilityEvents } from "../../db/schema/index.ts";
import { hoursOfNotice, isLateCancellation, type ReliabilityRole } from "../../domain/reliability.ts";

/**
 * Called inside the transaction of a cancellation (the owner cancels the job, a hired worker withdraws):
 * records a late cancellation for `userId` when it comes less than LATE_CANCELLATION_HOURS before the
 * job's start, with the hours of notice. Nothing for an early one. A repeat records nothing more.
 */
export async function recordCancellation(
  tx: Queryable,
  p: {
    userId: string;
    jobId: string;
    role: ReliabilityRole;
    startDate: string;
    /** The shift's start time, when the job states one (the start is then that time, not midnight). */
    startTime?: string | null;
    timeZone: string;
    now: Date;
  },
): Promise<boolean> {
  if (!isLateCancellation(p.startDate, p.timeZone, p.now, p.startTime)) return false;
  await tx
    .insert(reliabilityEvents)
    .values({
      userId: p.userId,
      jobId: p.jobId,
      kind: "late_cancellation",
      role: p.role,
      onDate: p.startDate,
      noticeHours: hoursOfNotice(p.startDate, p.timeZone, p.now, p.startTime),
      createdAt: p.now,
    })
    .onConflictDoNothing();
  return true;
}

/**
 * Called inside the transaction of the owner's attendance record: an absent day is a no-show of the
 * hired worker; a day recorded present again takes that no-show back (the owner corrected a mistake).
 */
export async function recordPresence(
  tx: Queryable,
  p: { workerId: string; jobId: string; shiftDate: string; presence: "present" | "absent"; now: Date },
): Promise<void> {
  if (p.presence === "absent") {
    await tx
      .insert(reliabilityEvents)
      .values({ userId: p.workerId, jobId: p.jobId, kind: "no_show", role: "worker", onDate: p.shiftDate, createdAt: p.now })
      .onConflictDoNothing();
    return;
  }
  const noShow = and(
    eq(reliabilityEvents.userId, p.workerId),
    eq(reliabilityEvents.jobId, p.jobId),
    eq(reliabilityEvents.kind, "no_show"),
    eq(reliabilityEvents.onDate, p.shiftDate),
  );
  // An open appeal of it has nothing left to decide: it closes as reversed, by nobody, before the row
  // goes (an open strike appeal must name its strike: appeals_subject; docs/decisions/074).
  await tx
    .update(appeals)
    .set({ outcome: "reversed", answeredAt: p.now })
    .where(
      and(
        isNull(appeals.outcome),
        inArray(appeals.reliabilityEventId, tx.select({ id: reliabilityEvents.id }).from(reliabilityEvents).where(noShow)),
      ),
    );
  await tx.delete(reliabilityEvents).where(noShow);
}

import type { Queryable } from "../../db/database.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import { notifyPeople } from "../notifications/notify.ts";
import type { TimesheetParties } from "../timesheets/notices.ts";

/** Minutes as h:mm (505 → "8:25"), as the timesheet pages write hours. */
function clock(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

/** To the other side: `appellant` sent the disputed timesheet to Daywork (the actor, so it goes with their account). */
export async function tellEscalated(
  tx: Queryable,
  queue: BackgroundQueue,
  p: TimesheetParties,
  appellant: { id: string; name: string },
): Promise<void> {
  const other = appellant.id === p.ownerId ? p.workerId : p.ownerId;
  await notifyPeople(
    tx,
    queue,
    [other],
    { kind: "timesheet_escalated", jobId: p.jobId, jobTitle: p.jobTitle, shiftDate: p.shiftDate, name: appellant.name },
    { actorId: appellant.id },
  );
}

/** To both sides: Daywork settled the hours, and why. From Daywork, not from a person: no actor. */
export async function tellSettled(
  tx: Queryable,
  queue: BackgroundQueue,
  p: TimesheetParties,
  settled: { minutes: number; note: string },
): Promise<void> {
  await notifyPeople(
    tx,
    queue,
    [p.ownerId, p.workerId],
    {
      kind: "timesheet_settled",
      jobId: p.jobId,
      jobTitle: p.jobTitle,
      shiftDate: p.shiftDate,
      hours: clock(settled.minutes),
      note: settled.note,
    },
    { actorId: null },
  );
}

/**
 * To the strike's person: their appeal's answer; on a reversal also to the job's owner (when that is
 * someone else), whose record of the day no longer counts against the worker.
 */
export async function tellStrikeAnswered(
  tx: Queryable,
  queue: BackgroundQueue,
  p: {
    personId: string;
    personName: string;
    outcome: "upheld" | "reversed";
    onDate: string;
    note: string;
    job: { id: string; title: string; ownerId: string } | null;
  },
): Promise<void> {
  await notifyPeople(
    tx,
    queue,
    [p.personId],
    { kind: "strike_appeal_answered", outcome: p.outcome, onDate: p.onDate, note: p.note },
    { actorId: null },
  );
  if (p.outcome !== "reversed" || !p.job || p.job.ownerId === p.personId) return;
  await notifyPeople(
    tx,
    queue,
    [p.job.ownerId],
    {
      kind: "strike_reversed",
      jobId: p.job.id,
      jobTitle: p.job.title,
      onDate: p.onDate,
      workerName: p.personName,
      note: p.note,
    },
    // The notice names the worker: it goes with their account.
    { actorId: p.personId },
  );
}

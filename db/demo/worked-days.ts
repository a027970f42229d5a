import { addDays } from "../../domain/attendance.ts";
import type { shiftAttendance } from "../schema/index.ts";

/**
 * The days a hired worker worked on a finished demo job, recorded present from 06:00 to 14:00 UTC
 * (a morning shift from Berlin to Tashkent), so that the job in their history counts in their
 * reliability figures as it would have, had they checked in and out (server/reliability/figures.ts).
 */
export function workedDays(job: { id: string; startDate: string; durationDays: number }, applicationId: string) {
  return Array.from({ length: job.durationDays }, (_, i): typeof shiftAttendance.$inferInsert => {
    const shiftDate = addDays(job.startDate, i);
    const checkedInAt = new Date(`${shiftDate}T06:00:00Z`);
    const checkedOutAt = new Date(`${shiftDate}T14:00:00Z`);
    return {
      jobId: job.id,
      applicationId,
      shiftDate,
      presence: "present",
      checkedInAt,
      checkedOutAt,
      checkInBy: "worker",
      checkOutBy: "worker",
      createdAt: checkedInAt,
      updatedAt: checkedOutAt,
    };
  });
}

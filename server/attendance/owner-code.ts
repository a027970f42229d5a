import type { Queryable } from "../../db/database.ts";
import { ATTENDANCE_CODE, codeRotatesAt, shiftDayAt } from "../../domain/attendance.ts";
import { isActiveJob } from "../../domain/statuses.ts";
import { payIsSecured } from "../money/holds/pay-state.ts";
import { refusal } from "../refusal.ts";
import { currentCode, jobSecret } from "./code.ts";
import { ownedShiftJob } from "./shift-job.ts";

/**
 * The code the owner shows now (docs/product.md, Shift operations): six digits, and the same inside the
 * address the QR code holds, which opens the job's check-in page on the worker's phone. It changes
 * every ATTENDANCE_CODE.stepSeconds; the page asks again at `rotatesAt`. Only the owner gets it, only
 * while the job is open or in progress; "not yours" is "Job not found".
 */
export async function ownerCode(db: Queryable, params: { jobId: string; ownerId: string; now: Date; publicUrl: string }) {
  const job = await ownedShiftJob(db, params.jobId, params.ownerId);
  if (!job) return refusal("job_not_found");
  if (!isActiveJob(job.status)) return refusal("shift_job_closed");
  // A job paid through Daywork starts once its hired workers' pay is held (docs/decisions/079).
  if (!(await payIsSecured(db, job.jobId))) return refusal("pay_not_secured");
  const code = currentCode(await jobSecret(db, job.jobId), params.now);
  const rotatesAt = codeRotatesAt(params.now);
  const url = new URL(`/jobs/${job.jobId}/check-in`, params.publicUrl);
  url.searchParams.set("code", code);
  return {
    code,
    /** What the QR code encodes: the job's check-in page with the code. */
    checkInUrl: url.toString(),
    rotatesAt,
    secondsLeft: Math.max(1, Math.ceil((rotatesAt.getTime() - params.now.getTime()) / 1000)),
    /** The server's clock when it answered: the page counts down to `rotatesAt` by it, not the device's. */
    serverTime: params.now,
    stepSeconds: ATTENDANCE_CODE.stepSeconds,
    /** The shift a check-in now would record (null when none is open for check-in). */
    shift: shiftDayAt(job, params.now),
    timeZone: job.timeZone,
  };
}

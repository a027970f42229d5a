import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobAttendanceSecrets } from "../../db/schema/index.ts";
import { ATTENDANCE_CODE, codeStep } from "../../domain/attendance.ts";

/**
 * The rotating check-in code (docs/decisions/032): TOTP's construction (RFC 6238, HMAC-SHA-256 with
 * dynamic truncation) over a per-job secret and the 30-second step, so the owner's screen and the
 * server agree without talking, and a code read off the screen works for at most a minute.
 */

/** The code of `step` for `secret` (hex): six digits, zero-padded. */
export function codeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac("sha256", Buffer.from(secret, "hex")).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** ATTENDANCE_CODE.digits).padStart(ATTENDANCE_CODE.digits, "0");
}

/** The code the owner's screen shows at `now`. */
export function currentCode(secret: string, now: Date): string {
  return codeAt(secret, codeStep(now));
}

/** True when `code` is the code of `now`'s step or of the step(s) just before it; compared in constant time. */
export function isValidCode(secret: string, code: string, now: Date): boolean {
  const given = Buffer.from(code);
  let valid = false;
  for (let back = 0; back <= ATTENDANCE_CODE.previousStepsAccepted; back += 1) {
    const expected = Buffer.from(codeAt(secret, codeStep(now) - back));
    // Every step is compared, so the time taken does not tell which one matched.
    if (expected.length === given.length && timingSafeEqual(expected, given)) valid = true;
  }
  return valid;
}

/** The job's secret, made on first use (racing first uses keep one). */
export async function jobSecret(db: Queryable, jobId: string): Promise<string> {
  await db
    .insert(jobAttendanceSecrets)
    .values({ jobId, secret: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: jobAttendanceSecrets.secret })
    .from(jobAttendanceSecrets)
    .where(eq(jobAttendanceSecrets.jobId, jobId));
  if (!row) throw new Error("attendance secret missing after insert");
  return row.secret;
}

/** The job's secret if the owner ever showed a code; without one, no code can be right. */
export async function existingJobSecret(db: Queryable, jobId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: jobAttendanceSecrets.secret })
    .from(jobAttendanceSecrets)
    .where(eq(jobAttendanceSecrets.jobId, jobId));
  return row?.secret ?? null;
}

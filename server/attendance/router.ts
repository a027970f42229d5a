import { attendanceCheckSchema, attendanceRecordSchema } from "../../domain/attendance.ts";
import { jobRefSchema } from "../../domain/ids.ts";
import { found, settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure, memberProcedure } from "../trpc/procedures.ts";
import { checkIn, checkOut } from "./check-in.ts";
import { myAttendance } from "./my-attendance.ts";
import { ownerCode } from "./owner-code.ts";
import { recordAttendance } from "./record.ts";

/** Shift attendance (docs/product.md, Shift operations). */
export const attendanceRouter = router({
  /** The owner's rotating check-in code now: six digits, the QR code's address, when it changes. */
  code: memberProcedure.input(jobRefSchema).query(async ({ ctx, input }) =>
    settle(
      await ownerCode(ctx.db, {
        jobId: input.jobId,
        ownerId: ctx.user.id,
        now: ctx.services.now(),
        publicUrl: ctx.config.publicUrl,
      }),
    ),
  ),

  /** A hired worker's check-in card: today's shift, whether they can check in or out, their days. */
  mine: authedProcedure
    .input(jobRefSchema)
    .query(async ({ ctx, input }) =>
      found(
        await myAttendance(ctx.db, { jobId: input.jobId, workerId: ctx.user.id, now: ctx.services.now() }),
        "attendance_denied",
      ),
    ),

  /** A hired worker checks in with the owner's current code, on a shift day. */
  checkIn: memberProcedure.input(attendanceCheckSchema).mutation(async ({ ctx, input }) =>
    settle(
      await checkIn(ctx.db, ctx.services, {
        jobId: input.jobId,
        workerId: ctx.user.id,
        code: input.code,
        now: ctx.services.now(),
      }),
    ),
  ),

  /** A hired worker checks out of their open check-in with the owner's current code; the day's timesheet is made. */
  checkOut: memberProcedure.input(attendanceCheckSchema).mutation(async ({ ctx, input }) =>
    settle(
      await checkOut(ctx.db, ctx.services, {
        jobId: input.jobId,
        workerId: ctx.user.id,
        code: input.code,
        now: ctx.services.now(),
      }),
    ),
  ),

  /** The owner records a hired worker's day: present with times, or absent; a change needs a reason. */
  record: memberProcedure
    .input(attendanceRecordSchema)
    .mutation(async ({ ctx, input }) =>
      settle(await recordAttendance(ctx.db, ctx.services.queue, { ownerId: ctx.user.id, input, now: ctx.services.now() })),
    ),
});

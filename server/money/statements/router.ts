import { jobStatementSchema, spendListSchema } from "../../../domain/statements.ts";
import { found } from "../../trpc/answer.ts";
import { router } from "../../trpc/init.ts";
import { authedProcedure } from "../../trpc/procedures.ts";
import { jobStatement } from "./job-statement.ts";
import { employerSpend } from "./spend.ts";
import { workerEarnings } from "./worker-month.ts";

/** Money statements (docs/statements.md): every figure summed by the database over the caller's ledger party. */
export const statementsRouter = router({
  /** The caller's earnings by month in their time zone (newest first) and their balance in each currency. */
  myEarnings: authedProcedure.query(async ({ ctx }) => ({
    timeZone: ctx.profile.timeZone,
    ...(await workerEarnings(ctx.db, ctx.user.id, ctx.profile.timeZone)),
  })),

  /** The caller's spend as an employer, by job, a page at a time (newest money first). */
  mySpend: authedProcedure.input(spendListSchema).query(({ ctx, input }) => employerSpend(ctx.db, ctx.user.id, input.cursor)),

  /** One job's money and a line per worker, for the job's owner; "Job not found" for anyone else. */
  jobStatement: authedProcedure
    .input(jobStatementSchema)
    .query(async ({ ctx, input }) =>
      found(await jobStatement(ctx.db, { jobId: input.jobId, ownerId: ctx.user.id }), "job_not_found"),
    ),
});

import {
  findMoneySchema,
  moneyOfSchema,
  moneyStatementSchema,
  postCorrectionSchema,
} from "../../../domain/ledger-corrections.ts";
import { found, settle } from "../../trpc/answer.ts";
import { router } from "../../trpc/init.ts";
import { adminProcedure, moderatorProcedure } from "../../trpc/procedures.ts";
import { findMoney, moneyStatementPage, moneyView } from "./money-view.ts";
import { postCorrection } from "./post-correction.ts";

/**
 * The operator console's money (docs/decisions/080): every operator reads a person's or a job's balances
 * and statement (audited), since settling a dispute is a moderator's work; only admins post corrections.
 */
export const ledgerCorrectionsRouter = router({
  /** A person by e-mail address or account id, a ledger party or a job by id. */
  find: moderatorProcedure.input(findMoneySchema).query(({ ctx, input }) => findMoney(ctx.db, input.query)),

  /** A party's, a person's or a job's balances per account and currency, and its statement's first page. */
  money: moderatorProcedure
    .input(moneyOfSchema)
    .query(async ({ ctx, input }) => found(await moneyView(ctx.db, ctx.user.id, input), "not_found")),

  /** A further page of the statement (keyset). */
  statement: moderatorProcedure
    .input(moneyStatementSchema)
    .query(async ({ ctx, input }) => found(await moneyStatementPage(ctx.db, ctx.user.id, input.of, input.cursor), "not_found")),

  /** A reasoned correction, posted once per form, with its audit row in the same transaction. */
  post: adminProcedure
    .input(postCorrectionSchema)
    .mutation(async ({ ctx, input }) => settle(await postCorrection(ctx.db, ctx.user.id, input))),
});

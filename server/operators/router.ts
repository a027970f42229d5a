import { grantRoleSchema, revokeRoleSchema } from "../../domain/operators.ts";
import { settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { adminProcedure, authedProcedure } from "../trpc/procedures.ts";
import { findOperatorRole, grantRole, listOperators, revokeRole } from "./roles.ts";

/** The operator console's team (docs/decisions/071): who runs Daywork, and with which role. */
export const operatorsRouter = router({
  /** The caller's own role (null for nearly everyone): whether to show the console's link. */
  myRole: authedProcedure.query(async ({ ctx }) => ({ role: await findOperatorRole(ctx.db, ctx.user.id) })),

  list: adminProcedure.query(({ ctx }) => listOperators(ctx.db)),

  grant: adminProcedure
    .input(grantRoleSchema)
    .mutation(async ({ ctx, input }) => settle(await grantRole(ctx.db, ctx.user.id, input))),

  revoke: adminProcedure
    .input(revokeRoleSchema)
    .mutation(async ({ ctx, input }) => settle(await revokeRole(ctx.db, ctx.user.id, input.userId))),
});

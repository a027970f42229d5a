import { z } from "zod";

import { pageCursorSchema } from "../../../domain/page-cursor.ts";
import { router } from "../../trpc/init.ts";
import { moderatorProcedure } from "../../trpc/procedures.ts";
import { reconciliationDifferences } from "./differences.ts";

/** The daily reconciliation's findings in the operator console (docs/decisions/082): every operator reads them. */
export const reconciliationRouter = router({
  differences: moderatorProcedure
    .input(z.object({ cursor: pageCursorSchema.nullish() }))
    .query(({ ctx, input }) => reconciliationDifferences(ctx.db, { cursor: input.cursor })),
});

import { healthOverviewSchema, transparencyExportSchema } from "../../domain/health.ts";
import { router } from "../trpc/init.ts";
import { moderatorProcedure } from "../trpc/procedures.ts";
import { healthOverview } from "./overview.ts";
import { periodOf } from "./period.ts";
import { transparencyCsv } from "./transparency.ts";

/** Marketplace health in the operator console (docs/decisions/072): moderators and admins. */
export const healthRouter = router({
  /** Every health figure over the last 7, 30 or 90 days, optionally in one country. */
  overview: moderatorProcedure
    .input(healthOverviewSchema)
    .query(({ ctx, input }) => healthOverview(ctx.db, periodOf(input.window, ctx.services.now(), input.country))),

  /** The transparency report's counts for a period, as CSV text the console downloads. */
  transparencyCsv: moderatorProcedure
    .input(transparencyExportSchema)
    .query(async ({ ctx, input }) => ({ csv: await transparencyCsv(ctx.db, input) })),
});

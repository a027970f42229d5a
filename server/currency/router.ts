import { router } from "../trpc/init.ts";
import { publicProcedure } from "../trpc/procedures.ts";
import { currentRates } from "./rates.ts";

/** Exchange rates for the "≈" hints beside prices and the "rates as of" date. Public. */
export const currencyRouter = router({
  rates: publicProcedure.query(({ ctx }) => currentRates(ctx.db)),
});

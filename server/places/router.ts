import { cityRefSchema, citySearchSchema } from "../../domain/places.ts";
import { found } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { publicProcedure } from "../trpc/procedures.ts";
import { findCities, findCity } from "./find-cities.ts";

/** The gazetteer: cities for the job form's autocomplete and the home page's "near" filter. Public. */
export const placesRouter = router({
  cities: publicProcedure
    .input(citySearchSchema)
    .query(({ ctx, input }) => findCities(ctx.db, { ...input, language: ctx.language })),

  city: publicProcedure
    .input(cityRefSchema)
    .query(async ({ ctx, input }) => found(await findCity(ctx.db, input.cityId, ctx.language), "not_found")),
});

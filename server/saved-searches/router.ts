import { rowRefSchema } from "../../domain/ids.ts";
import { savedSearchCreateSchema, savedSearchUpdateSchema } from "../../domain/saved-searches.ts";
import { found, settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure } from "../trpc/procedures.ts";
import { listSavedSearches, removeSavedSearch, saveSearch, setSavedSearchAlerts } from "./saved-searches.ts";

/** A person's saved searches and their alerts (docs/decisions/023): their own rows only. */
export const savedSearchesRouter = router({
  /** The caller's saved searches, newest first. */
  list: authedProcedure.query(({ ctx }) => listSavedSearches(ctx.db, ctx.user.id, ctx.language)),

  /** Saves the home page's search; the same search again answers the one kept. */
  create: authedProcedure
    .input(savedSearchCreateSchema)
    .mutation(async ({ ctx, input }) => settle(await saveSearch(ctx.db, ctx.user.id, input))),

  /** Instant, daily or off, for one of the caller's saved searches; someone else's is "not found". */
  update: authedProcedure
    .input(savedSearchUpdateSchema)
    .mutation(async ({ ctx, input }) =>
      found(await setSavedSearchAlerts(ctx.db, ctx.user.id, { ...input, now: ctx.services.now() }), "not_found"),
    ),

  /** Deletes one of the caller's saved searches; someone else's is "not found". */
  remove: authedProcedure
    .input(rowRefSchema)
    .mutation(async ({ ctx, input }) => found(await removeSavedSearch(ctx.db, ctx.user.id, input.id), "not_found")),
});

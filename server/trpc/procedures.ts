import { eq } from "drizzle-orm";
import { profiles } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { baseProcedure, fail } from "./init.ts";

/** Anyone, signed in or not. */
export const publicProcedure = baseProcedure;

/** A signed-in caller; `ctx.user` is non-null from here on. */
export const sessionProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw fail("UNAUTHORIZED", ERR.unauthorized);
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** A signed-in caller with a profile; `ctx.profile` is the caller's current profile row. */
export const authedProcedure = sessionProcedure.use(async ({ ctx, next }) => {
  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, ctx.user.id)).limit(1);
  if (!profile) throw fail("FORBIDDEN", ERR.profileRequired);
  return next({ ctx: { ...ctx, profile } });
});

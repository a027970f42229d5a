import { eq } from "drizzle-orm";
import { profiles } from "../../db/schema/index.ts";
import { completeOnboardingSchema } from "../../domain/profile.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure, publicProcedure } from "../trpc/procedures.ts";
import { completeOnboarding } from "./onboarding.ts";

export const profilesRouter = router({
  /** The signed-in person and their profile, or null for a visitor. */
  me: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.user) return null;
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, ctx.user.id)).limit(1);
    return { user: { id: ctx.user.id, email: ctx.user.email }, profile: profile ?? null };
  }),

  completeOnboarding: authedProcedure.input(completeOnboardingSchema).mutation(({ ctx, input }) =>
    completeOnboarding(ctx.db, ctx.user.id, input, ctx.services.now()),
  ),
});

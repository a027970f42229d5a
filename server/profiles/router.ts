import { eq } from "drizzle-orm";
import { profiles } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { completeOnboardingSchema } from "../../domain/profile.ts";
import {
  addInterestSchema,
  notificationSettingsSchema,
  personIdSchema,
  privacySettingsSchema,
  profileUpdateSchema,
  rowIdSchema,
} from "../../domain/settings.ts";
import { fail, router } from "../trpc/init.ts";
import { authedProcedure, publicProcedure } from "../trpc/procedures.ts";
import { addInterest, listInterests, removeInterest } from "./interests.ts";
import { completeOnboarding } from "./onboarding.ts";
import { publicProfile } from "./public-profile.ts";
import { setNotificationSettings, setPrivacySettings, updateProfile } from "./settings.ts";

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

  /** The settings form's profile section; answers the saved profile. */
  update: authedProcedure
    .input(profileUpdateSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.db, ctx.user.id, input, ctx.services.now())),

  setNotifications: authedProcedure
    .input(notificationSettingsSchema)
    .mutation(({ ctx, input }) => setNotificationSettings(ctx.db, ctx.user.id, input, ctx.services.now())),

  setPrivacy: authedProcedure
    .input(privacySettingsSchema)
    .mutation(({ ctx, input }) => setPrivacySettings(ctx.db, ctx.user.id, input, ctx.services.now())),

  /** The caller's interests, oldest first. */
  interests: authedProcedure.query(({ ctx }) => listInterests(ctx.db, ctx.user.id)),

  /** Adds an interest (workers only); a case-insensitive duplicate answers the existing one. */
  addInterest: authedProcedure.input(addInterestSchema).mutation(async ({ ctx, input }) => {
    const result = await addInterest(ctx.db, ctx.user.id, input.interest);
    if (result.status === "not_worker") throw fail("FORBIDDEN", ERR.interestsWorkersOnly);
    if (result.status === "limit") throw fail("BAD_REQUEST", ERR.interestLimit);
    return { ...result.interest, added: result.status === "added" };
  }),

  removeInterest: authedProcedure.input(rowIdSchema).mutation(async ({ ctx, input }) => {
    if (!(await removeInterest(ctx.db, ctx.user.id, input.id))) throw fail("NOT_FOUND", ERR.notFound);
    return { id: input.id };
  }),

  /** `/profile/{id}`: hidden profiles only for their owner; never phone or date of birth. */
  public: publicProcedure.input(personIdSchema).query(async ({ ctx, input }) => {
    const profile = await publicProfile(ctx.db, input.id, ctx.user?.id ?? null);
    if (!profile) throw fail("NOT_FOUND", ERR.notFound);
    return profile;
  }),
});

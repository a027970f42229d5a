import { rowRefSchema } from "../../domain/ids.ts";
import { completeOnboardingSchema } from "../../domain/profile.ts";
import {
  addInterestSchema,
  localeSettingsSchema,
  notificationSettingsSchema,
  personRefSchema,
  privacySettingsSchema,
  profileUpdateSchema,
} from "../../domain/settings.ts";
import { standingKey } from "../privacy/standing-key.ts";
import { findProfile } from "../session/person.ts";
import { hasVerifiedEmail } from "../session/verified-email.ts";
import { found, settle } from "../trpc/answer.ts";
import { router } from "../trpc/init.ts";
import { authedProcedure, publicProcedure } from "../trpc/procedures.ts";
import { addInterest, listInterests, removeInterest } from "./interests.ts";
import { completeOnboarding } from "./onboarding.ts";
import { publicProfile } from "./public-profile.ts";
import { setLocaleSettings, setNotificationSettings, setPrivacySettings, updateProfile } from "./settings.ts";

export const profilesRouter = router({
  /** The signed-in person (with whether their address is confirmed) and their profile, or null for a visitor. */
  me: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.user) return null;
    const emailVerified = await hasVerifiedEmail(ctx.db, ctx.user.id);
    return { user: { id: ctx.user.id, email: ctx.user.email, emailVerified }, profile: await findProfile(ctx.db, ctx.user.id) };
  }),

  completeOnboarding: authedProcedure
    .input(completeOnboardingSchema)
    .mutation(({ ctx, input }) =>
      completeOnboarding(ctx.db, ctx.user.id, input, ctx.services.now(), standingKey(ctx.config.authSecret)),
    ),

  /** The settings form's profile section; answers the saved profile. */
  update: authedProcedure
    .input(profileUpdateSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.db, ctx.user.id, input, ctx.services.now())),

  setNotifications: authedProcedure
    .input(notificationSettingsSchema)
    .mutation(({ ctx, input }) => setNotificationSettings(ctx.db, ctx.user.id, input, ctx.services.now())),

  /** The caller's language and time zone (their mails, pushes and reminders follow them). */
  setLocale: authedProcedure
    .input(localeSettingsSchema)
    .mutation(({ ctx, input }) => setLocaleSettings(ctx.db, ctx.user.id, input, ctx.services.now())),

  setPrivacy: authedProcedure
    .input(privacySettingsSchema)
    .mutation(({ ctx, input }) => setPrivacySettings(ctx.db, ctx.user.id, input, ctx.services.now())),

  /** The caller's interests, oldest first. */
  interests: authedProcedure.query(({ ctx }) => listInterests(ctx.db, ctx.user.id)),

  /** Adds an interest (workers only); a case-insensitive duplicate answers the existing one. */
  addInterest: authedProcedure
    .input(addInterestSchema)
    .mutation(async ({ ctx, input }) => settle(await addInterest(ctx.db, ctx.user.id, input.interest))),

  removeInterest: authedProcedure
    .input(rowRefSchema)
    .mutation(async ({ ctx, input }) => found(await removeInterest(ctx.db, ctx.user.id, input.id), "not_found")),

  /** `/profile/{id}`: hidden profiles only for their owner; never phone or date of birth. */
  public: publicProcedure
    .input(personRefSchema)
    .query(async ({ ctx, input }) => found(await publicProfile(ctx.db, input.id, ctx.user?.id ?? null), "not_found")),
});

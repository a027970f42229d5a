import { z } from "zod";

import { PROFILE_CURRENCIES } from "./currencies.ts";
import { ERR } from "./errors.ts";
import { userIdSchema } from "./ids.ts";
import { LANGUAGE_CODES } from "./languages.ts";
import { LIMITS } from "./limits.ts";
import { dateOfBirthSchema, fullNameSchema, interestSchema, profileDetailsSchema } from "./profile.ts";
import { USER_TYPES } from "./user-types.ts";

/** Most interests one person keeps. */
export const MAX_INTERESTS = 50;

/**
 * The settings form's profile section: the onboarding fields plus the preferred currency. The type may
 * change; a worker's company name is dropped by the server.
 */
export const profileUpdateSchema = z
  .object({
    userType: z.enum(USER_TYPES, { error: ERR.userTypeRequired }),
    fullName: fullNameSchema,
    dateOfBirth: dateOfBirthSchema,
    currency: z.enum(PROFILE_CURRENCIES, { error: ERR.currencyInvalid }),
  })
  .extend(profileDetailsSchema.shape);

const toggle = z.boolean({ error: ERR.generic });

/** /settings/notifications: the two channels. */
export const notificationSettingsSchema = z.object({ email: toggle, push: toggle });

/** /settings/privacy: whether the public profile is shown, and whether it shows the e-mail. */
export const privacySettingsSchema = z.object({ profileVisible: toggle, showEmail: toggle });

/** The add-interest dialog. */
export const addInterestSchema = z.object({ interest: interestSchema });

/** `/profile/{id}`: a person addressed by their user id. */
export const personRefSchema = z.object({ id: userIdSchema });

/**
 * The language the person reads and the time zone their browser reports, kept on the profile so that
 * e-mails, pushes and reminders reach them in their language and their evening.
 */
export const localeSettingsSchema = z.object({
  language: z.enum(LANGUAGE_CODES),
  timeZone: z
    .string()
    .max(LIMITS.timeZone)
    .regex(/^[A-Za-z0-9_+\-/]+$/)
    .nullable(),
});

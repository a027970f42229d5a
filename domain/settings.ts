import { z } from "zod";
import { PROFILE_CURRENCIES } from "./currencies.ts";
import { ERR } from "./errors.ts";
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
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

const toggle = z.boolean({ error: ERR.generic });

/** /settings/notifications: the two channels. */
export const notificationSettingsSchema = z.object({ email: toggle, push: toggle });
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;

/** /settings/privacy: whether the public profile is shown, and whether it shows the e-mail. */
export const privacySettingsSchema = z.object({ profileVisible: toggle, showEmail: toggle });
export type PrivacySettingsInput = z.input<typeof privacySettingsSchema>;

/** The add-interest dialog. */
export const addInterestSchema = z.object({ interest: interestSchema });
export type AddInterestInput = z.input<typeof addInterestSchema>;

/** A row addressed by its uuid; a malformed id is simply not found. */
export const rowIdSchema = z.object({ id: z.guid(ERR.notFound) });

/** A person addressed by their user id. */
export const personIdSchema = z.object({ id: z.string(ERR.notFound).min(1, ERR.notFound).max(100, ERR.notFound) });

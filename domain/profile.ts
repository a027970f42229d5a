import { z } from "zod";

import { ageOn, todayIn } from "./age.ts";
import { calendarDate } from "./calendar-date.ts";
import { ERR } from "./errors.ts";
import { LIMITS, MIN_AGE } from "./limits.ts";
import { optionalText, typedText } from "./text.ts";
import { USER_TYPES } from "./user-types.ts";

/** An ISO date of birth that makes the person at least MIN_AGE today; empty means not given. */
export const dateOfBirthSchema = z
  .union([z.literal(""), calendarDate(ERR.dateOfBirthInvalid)])
  .nullable()
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || v <= todayIn(), ERR.dateOfBirthInvalid)
  .refine((v) => v === null || ageOn(v, todayIn()) >= MIN_AGE, ERR.minAge);

export const fullNameSchema = typedText({ error: ERR.fullNameRequired })
  .trim()
  .min(1, ERR.fullNameRequired)
  .max(LIMITS.fullName, ERR.fullNameTooLong);

/** One interest hashtag: trimmed, a leading '#' dropped, 1–50 characters. */
export const interestSchema = typedText()
  .trim()
  .transform((v) => v.replace(/^#+/, "").trim())
  .pipe(z.string().min(1, ERR.interestRequired).max(LIMITS.interest, ERR.interestTooLong));

/** Onboarding step 1: who you are. */
const onboardingStep1Schema = z.object({
  userType: z.enum(USER_TYPES, { error: ERR.userTypeRequired }),
  fullName: fullNameSchema,
  dateOfBirth: dateOfBirthSchema,
});

/** Onboarding step 2 and the settings form's optional details. */
export const profileDetailsSchema = z.object({
  bio: optionalText(LIMITS.bio, ERR.bioTooLong),
  location: optionalText(LIMITS.profileLocation, ERR.locationTooLong),
  phone: optionalText(LIMITS.phone, ERR.phoneTooLong),
  companyName: optionalText(LIMITS.companyName, ERR.companyNameTooLong),
});

/** Interests collected on onboarding step 3: duplicates (case-insensitive) are dropped. */
const interestListSchema = z
  .array(interestSchema)
  .max(50)
  .transform((list) => {
    const seen = new Set<string>();
    return list.filter((v) => {
      const key = v.toLocaleLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** Complete Setup: everything onboarding collects, validated again on the server. */
export const completeOnboardingSchema = onboardingStep1Schema.extend(profileDetailsSchema.shape).extend({
  interests: interestListSchema.default([]),
});
export type CompleteOnboardingInput = z.input<typeof completeOnboardingSchema>;
export type CompleteOnboardingValues = z.output<typeof completeOnboardingSchema>;

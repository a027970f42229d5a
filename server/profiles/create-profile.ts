import type { Queryable } from "../../db/database.ts";
import { consentHistory, profiles } from "../../db/schema/index.ts";
import { DEFAULT_LANGUAGE, type LanguageCode } from "../../domain/languages.ts";
import { defaultReaderCurrency } from "../../domain/money.ts";

/**
 * Creates the profile of a new account together with its two consent records (data processing and
 * terms). Runs inside the sign-up transaction, so either all exist with the auth user or none do.
 */
export async function createProfileWithConsents(
  db: Queryable,
  input: { userId: string; fullName: string; language?: LanguageCode; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await db.insert(profiles).values({
    id: input.userId,
    fullName: input.fullName,
    // The interface's language at sign-up: the confirmation mail is written in it.
    ...(input.language ? { language: input.language } : {}),
    // Prices are shown in the language's currency until onboarding names a city (docs/decisions/049).
    currency: defaultReaderCurrency(null, input.language ?? DEFAULT_LANGUAGE),
    consentDataProcessing: true,
    consentDate: now,
    termsAccepted: true,
    termsAcceptedDate: now,
    ageVerified: true,
  });
  await db.insert(consentHistory).values([
    { userId: input.userId, consentType: "data_processing", consentGiven: true, createdAt: now },
    { userId: input.userId, consentType: "terms", consentGiven: true, createdAt: now },
  ]);
}

import { eq } from "drizzle-orm";
import type { z } from "zod";

import type { Database } from "../../db/database.ts";
import { profiles, userInterests } from "../../db/schema/index.ts";
import { DEFAULT_LANGUAGE, isLanguageCode } from "../../domain/languages.ts";
import { defaultReaderCurrency } from "../../domain/money.ts";
import type { completeOnboardingSchema } from "../../domain/profile.ts";
import { countryOfPlace } from "../places/find-cities.ts";
import { inheritStanding } from "../privacy/stand-in.ts";
import type { StandingKey } from "../privacy/standing-key.ts";
import { profileDetailsColumns } from "./profile-columns.ts";

/**
 * Saves onboarding in one transaction; the first completion picks the price currency from the city, else the
 * language (docs/decisions/049), and a deleted account's phone brings its standing (docs/decisions/050).
 */
export async function completeOnboarding(
  db: Database,
  userId: string,
  input: z.output<typeof completeOnboardingSchema>,
  now: Date,
  key: StandingKey,
) {
  return db.transaction(async (tx) => {
    const isEmployer = input.userType === "employer";
    const [before] = await tx
      .select({ language: profiles.language, completedAt: profiles.onboardingCompletedAt })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    const firstTime = before !== undefined && before.completedAt === null;
    const language = isLanguageCode(before?.language) ? before.language : DEFAULT_LANGUAGE;
    const currency = firstTime ? defaultReaderCurrency(await countryOfPlace(tx, input.location), language) : undefined;
    const [profile] = await tx
      .update(profiles)
      .set({
        ...profileDetailsColumns(input),
        ...(currency ? { currency } : {}),
        onboardingCompletedAt: now,
        updatedAt: now,
      })
      .where(eq(profiles.id, userId))
      .returning();
    await tx.delete(userInterests).where(eq(userInterests.userId, userId));
    if (!isEmployer && input.interests.length > 0) {
      await tx.insert(userInterests).values(input.interests.map((interest) => ({ userId, interest })));
    }
    if (input.phone) await inheritStanding(tx, userId, { phone: input.phone }, key, now);
    return profile;
  });
}

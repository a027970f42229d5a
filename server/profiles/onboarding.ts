import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { profiles, userInterests } from "../../db/schema/index.ts";
import type { completeOnboardingSchema } from "../../domain/profile.ts";
import type { z } from "zod";

/**
 * Saves onboarding in one transaction: the profile's details, and for workers their interests
 * (replacing any earlier ones). Company name is kept for employers only.
 */
export async function completeOnboarding(
  db: Database,
  userId: string,
  input: z.output<typeof completeOnboardingSchema>,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const isEmployer = input.userType === "employer";
    const [profile] = await tx
      .update(profiles)
      .set({
        userType: input.userType,
        fullName: input.fullName,
        dateOfBirth: input.dateOfBirth,
        bio: input.bio ?? null,
        location: input.location ?? null,
        phone: input.phone ?? null,
        companyName: isEmployer ? (input.companyName ?? null) : null,
        onboardingCompletedAt: now,
        updatedAt: now,
      })
      .where(eq(profiles.id, userId))
      .returning();
    await tx.delete(userInterests).where(eq(userInterests.userId, userId));
    if (!isEmployer && input.interests.length > 0) {
      await tx.insert(userInterests).values(input.interests.map((interest) => ({ userId, interest })));
    }
    return profile;
  });
}

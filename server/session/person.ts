import { eq } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { profiles, type Profile } from "../../db/schema/index.ts";
import { refusal, type Refusal } from "../refusal.ts";
import type { SessionUser } from "./session-user.ts";

/** A signed-in person with their current profile row. */
export type Person = { user: SessionUser; profile: Profile };

/**
 * What a caller must be (docs/product.md, Accounts and onboarding):
 * - "account": signed in with a profile; onboarding may still be pending. Enough for one's own data:
 *   onboarding itself, settings, certificates, privacy rights.
 * - "member": onboarding complete. Needed to take part in the marketplace: post, apply, hire, review, chat.
 */
export type PersonLevel = "account" | "member";

type PersonRefusal = "signed_out" | "no_profile" | "onboarding_incomplete";

/** A person's profile row, or null (an account whose profile is gone, or no such person). */
export async function findProfile(db: Queryable, userId: string): Promise<Profile | null> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return profile ?? null;
}

/** The one check of "who is calling" for procedures and upload routes alike. */
export async function requirePerson(
  db: Queryable,
  user: SessionUser | null,
  level: PersonLevel,
): Promise<Person | Refusal<PersonRefusal>> {
  if (!user) return refusal("signed_out");
  const profile = await findProfile(db, user.id);
  if (!profile) return refusal("no_profile");
  if (level === "member" && profile.onboardingCompletedAt === null) return refusal("onboarding_incomplete");
  return { user, profile };
}

import { randomUUID } from "node:crypto";
import type { Queryable } from "../database.ts";
import { type Profile, profiles, user, userInterests } from "../schema/index.ts";

export type NewPerson = Partial<Omit<typeof profiles.$inferInsert, "id">> & { email?: string; interests?: string[] };

let sequence = 0;

/**
 * Inserts an auth user and a completed profile directly (no password: for tests and the seeder that
 * do not sign in through HTTP). Returns the profile with the user's e-mail.
 */
export async function createPerson(db: Queryable, input: NewPerson = {}): Promise<Profile & { email: string }> {
  sequence += 1;
  const id = randomUUID().replaceAll("-", "");
  const { email: givenEmail, interests = [], ...profile } = input;
  const email = givenEmail ?? `person-${sequence}-${id.slice(0, 8)}@example.com`;
  const fullName = profile.fullName ?? `Test Person ${sequence}`;
  const now = new Date();
  await db.insert(user).values({ id, name: fullName, email, emailVerified: true });
  const [row] = await db
    .insert(profiles)
    .values({
      id,
      fullName,
      consentDataProcessing: true,
      consentDate: now,
      termsAccepted: true,
      termsAcceptedDate: now,
      ageVerified: true,
      onboardingCompletedAt: now,
      ...profile,
    })
    .returning();
  if (!row) throw new Error("profile insert returned nothing");
  if (interests.length) await db.insert(userInterests).values(interests.map((interest) => ({ userId: id, interest })));
  return { ...row, email };
}

/** An employer with a company. */
export function createEmployer(db: Queryable, input: NewPerson = {}) {
  return createPerson(db, { userType: "employer", companyName: "Test Company", ...input });
}

/** A worker. */
export function createWorker(db: Queryable, input: NewPerson = {}) {
  return createPerson(db, { userType: "worker", ...input });
}

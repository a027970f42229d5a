import { randomUUID } from "node:crypto";

import type { Queryable } from "../database.ts";
import { profiles, user, userInterests, type Profile } from "../schema/index.ts";

export type NewPerson = Partial<Omit<typeof profiles.$inferInsert, "id">> & {
  email?: string;
  /** Whether the address is confirmed; people are, unless a test needs one who is not (docs/decisions/017). */
  emailVerified?: boolean;
  interests?: string[];
};

let sequence = 0;

/** The auth-user and profile rows of a person with a completed profile (shared with the seeder's batches). */
export function personRows(input: Omit<NewPerson, "interests"> & { id?: string } = {}) {
  sequence += 1;
  const { email: givenEmail, id: givenId, emailVerified = true, ...profile } = input;
  const id = givenId ?? randomUUID().replaceAll("-", "");
  const email = givenEmail ?? `person-${sequence}-${id.slice(0, 8)}@example.com`;
  const fullName = profile.fullName ?? `Test Person ${sequence}`;
  const now = profile.createdAt ?? new Date();
  return {
    user: { id, name: fullName, email, emailVerified, createdAt: now, updatedAt: now } satisfies typeof user.$inferInsert,
    profile: {
      id,
      fullName,
      consentDataProcessing: true,
      consentDate: now,
      termsAccepted: true,
      termsAcceptedDate: now,
      ageVerified: true,
      onboardingCompletedAt: now,
      ...profile,
    } satisfies typeof profiles.$inferInsert,
  };
}

/**
 * Inserts an auth user and a completed profile directly (no password: for tests and the seeder that
 * do not sign in through HTTP). Returns the profile with the user's e-mail.
 */
export async function createPerson(db: Queryable, input: NewPerson = {}): Promise<Profile & { email: string }> {
  const { interests = [], ...rest } = input;
  const rows = personRows(rest);
  await db.insert(user).values(rows.user);
  const [row] = await db.insert(profiles).values(rows.profile).returning();
  if (!row) throw new Error("profile insert returned nothing");
  if (interests.length) await db.insert(userInterests).values(interests.map((interest) => ({ userId: row.id, interest })));
  return { ...row, email: rows.user.email };
}

/** An employer with a company. */
export function createEmployer(db: Queryable, input: NewPerson = {}) {
  return createPerson(db, { userType: "employer", companyName: "Test Company", ...input });
}

/** A worker. */
export function createWorker(db: Queryable, input: NewPerson = {}) {
  return createPerson(db, { userType: "worker", ...input });
}

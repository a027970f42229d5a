import { and, asc, eq, sql } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { profiles, userInterests } from "../../db/schema/index.ts";
import { MAX_INTERESTS } from "../../domain/settings.ts";
import { refusal, type Refusal } from "../refusal.ts";

export type InterestItem = { id: string; interest: string };

/** A person's interests in the order they were added (those added together, as onboarding does, A to Z). */
export function listInterests(db: Queryable, userId: string): Promise<InterestItem[]> {
  return db
    .select({ id: userInterests.id, interest: userInterests.interest })
    .from(userInterests)
    .where(eq(userInterests.userId, userId))
    .orderBy(asc(userInterests.createdAt), asc(sql`lower(${userInterests.interest})`))
    .limit(MAX_INTERESTS);
}

/**
 * Adds an interest to a worker's profile. One that differs only in case from an existing one is not
 * added again: the existing one is answered with `added: false` (the unique index on lower(interest)
 * settles races). Refused for employers and past MAX_INTERESTS.
 */
export async function addInterest(
  db: Database,
  userId: string,
  interest: string,
): Promise<(InterestItem & { added: boolean }) | Refusal<"not_worker" | "interest_limit">> {
  return db.transaction(async (tx) => {
    // The profile row lock serialises one person's adds, so the count below holds.
    const [profile] = await tx
      .select({ userType: profiles.userType })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    if (profile?.userType !== "worker") return refusal("not_worker");
    const sameInterest = and(eq(userInterests.userId, userId), sql`lower(${userInterests.interest}) = lower(${interest})`);
    const [existing] = await tx
      .select({ id: userInterests.id, interest: userInterests.interest })
      .from(userInterests)
      .where(sameInterest)
      .limit(1);
    if (existing) return { ...existing, added: false };
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(userInterests)
      .where(eq(userInterests.userId, userId));
    if ((count?.n ?? 0) >= MAX_INTERESTS) return refusal("interest_limit");
    const [row] = await tx
      .insert(userInterests)
      .values({ userId, interest })
      .returning({ id: userInterests.id, interest: userInterests.interest });
    if (!row) throw new Error("interest insert returned nothing");
    return { ...row, added: true };
  });
}

/** Removes one of the person's own interests; null when they have no such interest. */
export async function removeInterest(db: Queryable, userId: string, id: string): Promise<{ id: string } | null> {
  const [row] = await db
    .delete(userInterests)
    .where(and(eq(userInterests.id, id), eq(userInterests.userId, userId)))
    .returning({ id: userInterests.id });
  return row ?? null;
}

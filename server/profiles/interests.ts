import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/database.ts";
import { profiles, userInterests } from "../../db/schema/index.ts";
import { MAX_INTERESTS } from "../../domain/settings.ts";

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

export type AddInterestResult =
  | { status: "added" | "existing"; interest: InterestItem }
  | { status: "not_worker" }
  | { status: "limit" };

/**
 * Adds an interest to a worker's profile. One that differs only in case from an existing one is not
 * added again: the existing one is answered (the unique index on lower(interest) settles races).
 */
export async function addInterest(db: Database, userId: string, interest: string): Promise<AddInterestResult> {
  return db.transaction(async (tx) => {
    // The profile row lock serialises one person's adds, so the count below holds.
    const [profile] = await tx
      .select({ userType: profiles.userType })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    if (profile?.userType !== "worker") return { status: "not_worker" };
    const sameInterest = and(eq(userInterests.userId, userId), sql`lower(${userInterests.interest}) = lower(${interest})`);
    const [existing] = await tx
      .select({ id: userInterests.id, interest: userInterests.interest })
      .from(userInterests)
      .where(sameInterest)
      .limit(1);
    if (existing) return { status: "existing", interest: existing };
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(userInterests)
      .where(eq(userInterests.userId, userId));
    if ((count?.n ?? 0) >= MAX_INTERESTS) return { status: "limit" };
    const [row] = await tx
      .insert(userInterests)
      .values({ userId, interest })
      .returning({ id: userInterests.id, interest: userInterests.interest });
    if (!row) throw new Error("interest insert returned nothing");
    return { status: "added", interest: row };
  });
}

/** Removes one of the person's own interests; false when they have no such interest. */
export async function removeInterest(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(userInterests)
    .where(and(eq(userInterests.id, id), eq(userInterests.userId, userId)))
    .returning({ id: userInterests.id });
  return rows.length > 0;
}

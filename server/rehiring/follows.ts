import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { employerFollows, jobs, profiles } from "../../db/schema/index.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { FOLLOWED_JOBS_HOME, FOLLOWED_JOBS_MAX_AGE_DAYS, REHIRING_LIMITS } from "../../domain/rehiring.ts";
import { jobCardFields } from "../jobs/job-projection.ts";
import { listed, notEnded } from "../jobs/search/index.ts";
import { cityNameOf } from "../places/city-name.ts";
import { inTransaction } from "../refusal.ts";

/**
 * `followerId` follows `employerId` (another person's employer account), up to REHIRING_LIMITS.follows;
 * following again answers the same. They are told of the employer's new jobs at once (tell-followers.ts).
 */
export async function follow(db: Database, p: { followerId: string; employerId: string; now: Date }) {
  return inTransaction(db, async (tx, refuse: (reason: "not_found" | "follow_not_employer" | "follow_limit") => never) => {
    if (!(await lockPeopleFirst(tx, [p.followerId, p.employerId]))) return refuse("not_found");
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, p.followerId)).for("update");
    const [employer] = await tx
      .select({ userType: profiles.userType, visible: profiles.privacyProfileVisible })
      .from(profiles)
      .where(eq(profiles.id, p.employerId));
    // A hidden profile cannot be found, so it cannot be followed either.
    if (!employer || !employer.visible) return refuse("not_found");
    if (employer.userType !== "employer" || p.employerId === p.followerId) return refuse("follow_not_employer");
    const [held] = await tx.select({ n: count() }).from(employerFollows).where(eq(employerFollows.followerId, p.followerId));
    const [row] = await tx
      .insert(employerFollows)
      .values({ followerId: p.followerId, employerId: p.employerId, createdAt: p.now })
      .onConflictDoNothing()
      .returning({ employerId: employerFollows.employerId });
    if (row && (held?.n ?? 0) >= REHIRING_LIMITS.follows) return refuse("follow_limit");
    return { employerId: p.employerId, following: true as const };
  });
}

/** Stops following; answers the same when there was nothing to stop. */
export async function unfollow(db: Queryable, p: { followerId: string; employerId: string }) {
  await db
    .delete(employerFollows)
    .where(and(eq(employerFollows.followerId, p.followerId), eq(employerFollows.employerId, p.employerId)));
  return { employerId: p.employerId, following: false as const };
}

/**
 * "New from employers you follow" (home page): the newest open jobs posted in the last
 * FOLLOWED_JOBS_MAX_AGE_DAYS by the employers the person follows, at most FOLLOWED_JOBS_HOME.
 */
export async function followedEmployersJobs(db: Queryable, p: { followerId: string; language: LanguageCode; now: Date }) {
  const followed = db
    .select({ id: employerFollows.employerId })
    .from(employerFollows)
    .where(eq(employerFollows.followerId, p.followerId));
  const since = new Date(p.now.getTime() - FOLLOWED_JOBS_MAX_AGE_DAYS * 86_400_000);
  return db
    .select({
      ...jobCardFields,
      cityName: cityNameOf(jobs.cityId, p.language),
      employerName: sql<string>`coalesce(nullif(${profiles.companyName}, ''), ${profiles.fullName})`,
    })
    .from(jobs)
    .innerJoin(profiles, eq(profiles.id, jobs.employerId))
    .where(and(inArray(jobs.employerId, followed), listed, notEnded, gt(jobs.createdAt, since)))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(FOLLOWED_JOBS_HOME);
}

/**
 * What a profile or job page shows about a person's links with the caller: their followers count
 * (public, for an employer), whether the caller follows them (null: the caller cannot, e.g. visitor,
 * themself, not an employer) and whether the caller keeps them as a favourite (null: not a worker, or
 * themself, or a visitor). A hidden profile answers null for anyone but its owner, as the profile does.
 */
export async function personLinks(db: Queryable, p: { personId: string; callerId: string | null }) {
  const [person] = await db
    .select({
      userType: profiles.userType,
      visible: profiles.privacyProfileVisible,
      followers: sql<number>`(select count(*)::int from ${employerFollows} f where f.employer_id = "profiles"."id")`,
      following: p.callerId
        ? sql<boolean>`exists (select 1 from ${employerFollows} f where f.employer_id = "profiles"."id" and f.follower_id = ${p.callerId})`
        : sql<boolean>`false`,
      favourite: p.callerId
        ? sql<boolean>`exists (select 1 from favourite_workers v where v.worker_id = "profiles"."id" and v.employer_id = ${p.callerId})`
        : sql<boolean>`false`,
    })
    .from(profiles)
    .where(eq(profiles.id, p.personId));
  if (!person || (!person.visible && p.callerId !== p.personId)) return null;
  const other = p.callerId !== null && p.callerId !== p.personId;
  const employer = person.userType === "employer";
  return {
    followers: employer ? person.followers : null,
    following: other && employer ? person.following : null,
    favourite: other && person.userType === "worker" ? person.favourite : null,
  };
}

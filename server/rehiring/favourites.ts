import { and, count, desc, eq, isNull, sql } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { favouriteWorkers, profiles } from "../../db/schema/index.ts";
import { FAVOURITES_PAGE, REHIRING_LIMITS } from "../../domain/rehiring.ts";
import { inTransaction } from "../refusal.ts";

/**
 * Marks `workerId` as a favourite of `employerId` (docs/decisions/036): any member may keep favourites,
 * of another person's worker account, up to REHIRING_LIMITS.favourites. Marking one already marked
 * answers the same. Private: nobody but the employer reads these rows.
 */
export async function markFavourite(db: Database, p: { employerId: string; workerId: string; now: Date }) {
  return inTransaction(db, async (tx, refuse: (reason: "not_found" | "favourite_not_worker" | "favourite_limit") => never) => {
    // The employer's row is locked too: two concurrent marks cannot both pass the count.
    if (!(await lockPeopleFirst(tx, [p.employerId, p.workerId]))) return refuse("not_found");
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, p.employerId)).for("update");
    const [worker] = await tx
      .select({ userType: profiles.userType })
      .from(profiles)
      .where(and(eq(profiles.id, p.workerId), isNull(profiles.deletedAt)));
    // A deleted account's stand-in (docs/decisions/050) is nobody to keep: as if it did not exist.
    if (!worker) return refuse("not_found");
    if (worker.userType !== "worker" || p.workerId === p.employerId) return refuse("favourite_not_worker");
    const [held] = await tx.select({ n: count() }).from(favouriteWorkers).where(eq(favouriteWorkers.employerId, p.employerId));
    const [row] = await tx
      .insert(favouriteWorkers)
      .values({ employerId: p.employerId, workerId: p.workerId, createdAt: p.now })
      .onConflictDoNothing()
      .returning({ workerId: favouriteWorkers.workerId });
    if (row && (held?.n ?? 0) >= REHIRING_LIMITS.favourites) return refuse("favourite_limit");
    return { workerId: p.workerId, favourite: true as const };
  });
}

/** Unmarks a favourite; unmarking one that is not marked answers the same. */
export async function unmarkFavourite(db: Queryable, p: { employerId: string; workerId: string }) {
  await db
    .delete(favouriteWorkers)
    .where(and(eq(favouriteWorkers.employerId, p.employerId), eq(favouriteWorkers.workerId, p.workerId)));
  return { workerId: p.workerId, favourite: false as const };
}

/**
 * One page of an employer's favourite workers, latest marked first, each with how many of the
 * employer's jobs they were hired on (the reason to book them again).
 */
export async function listFavourites(db: Queryable, p: { employerId: string; page: number }) {
  const rows = await db
    .select({
      workerId: favouriteWorkers.workerId,
      fullName: profiles.fullName,
      location: profiles.location,
      markedAt: favouriteWorkers.createdAt,
      hiredTimes: sql<number>`(
        select count(*)::int from job_applications a join jobs j on j.id = a.job_id
        where a.worker_id = "favourite_workers"."worker_id" and a.status = 'accepted' and j.employer_id = ${p.employerId}
      )`,
    })
    .from(favouriteWorkers)
    .innerJoin(profiles, eq(profiles.id, favouriteWorkers.workerId))
    .where(eq(favouriteWorkers.employerId, p.employerId))
    .orderBy(desc(favouriteWorkers.createdAt), desc(favouriteWorkers.workerId))
    .limit(FAVOURITES_PAGE + 1)
    .offset(p.page * FAVOURITES_PAGE);
  return { items: rows.slice(0, FAVOURITES_PAGE), nextCursor: rows.length > FAVOURITES_PAGE ? p.page + 1 : null };
}

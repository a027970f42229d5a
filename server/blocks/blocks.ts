import { and, asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { jobInvitations, jobs, personBlocks, profiles } from "../../db/schema/index.ts";
import { LIMITS } from "../../domain/limits.ts";
import { inTransaction } from "../refusal.ts";

type BlockParams = { blockerId: string; blockedId: string; now: Date };

/**
 * `blockerId` blocks another member (docs/decisions/068), in one transaction: the row (blocking again
 * answers the same), within LIMITS.blocks, and the invitations still waiting between the two cancelled,
 * as an owner's cancel leaves them (nobody is told). Oneself, a missing person and a deleted account's
 * stand-in read alike: not found.
 */
export async function blockPerson(db: Database, p: BlockParams) {
  return inTransaction(db, async (tx, refuse: (reason: "not_found" | "block_limit") => never) => {
    if (p.blockerId === p.blockedId) return refuse("not_found");
    if (!(await lockPeopleFirst(tx, [p.blockerId, p.blockedId]))) return refuse("not_found");
    // The blocker's row serialises their blocks: two at once cannot both pass the count.
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, p.blockerId)).for("update");
    const [other] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, p.blockedId), isNull(profiles.deletedAt)));
    if (!other) return refuse("not_found");
    const [held] = await tx.select({ n: count() }).from(personBlocks).where(eq(personBlocks.blockerId, p.blockerId));
    const [row] = await tx
      .insert(personBlocks)
      .values({ blockerId: p.blockerId, blockedId: p.blockedId, createdAt: p.now })
      .onConflictDoNothing()
      .returning({ blockedId: personBlocks.blockedId });
    if (row && (held?.n ?? 0) >= LIMITS.blocks) return refuse("block_limit");
    await tx
      .update(jobInvitations)
      .set({ status: "cancelled", decidedAt: p.now })
      .where(
        and(
          eq(jobInvitations.status, "pending"),
          or(
            and(eq(jobInvitations.workerId, p.blockedId), ownedBy(p.blockerId)),
            and(eq(jobInvitations.workerId, p.blockerId), ownedBy(p.blockedId)),
          ),
        ),
      );
    return { personId: p.blockedId, blocked: true as const };
  });
}

/** The invitation's job belongs to `ownerId`. */
function ownedBy(ownerId: string) {
  return inArray(jobInvitations.jobId, sql`(select ${jobs.id} from ${jobs} where ${jobs.employerId} = ${ownerId})`);
}

/** Lifts the caller's own block; lifting one that is not there answers the same. The other person's block stays. */
export async function unblockPerson(db: Queryable, p: { blockerId: string; blockedId: string }) {
  await db.delete(personBlocks).where(and(eq(personBlocks.blockerId, p.blockerId), eq(personBlocks.blockedId, p.blockedId)));
  return { personId: p.blockedId, blocked: false as const };
}

/**
 * The people the caller blocked, latest first: all of them (at most LIMITS.blocks), for the settings
 * page and for the profile and chat pages to know whom the caller blocked. Never the blocks of others.
 */
export async function listBlocks(db: Queryable, blockerId: string) {
  return db
    .select({
      personId: personBlocks.blockedId,
      fullName: profiles.fullName,
      userType: profiles.userType,
      blockedAt: personBlocks.createdAt,
    })
    .from(personBlocks)
    .innerJoin(profiles, eq(profiles.id, personBlocks.blockedId))
    .where(eq(personBlocks.blockerId, blockerId))
    .orderBy(desc(personBlocks.createdAt), asc(personBlocks.blockedId))
    .limit(LIMITS.blocks);
}

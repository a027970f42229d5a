import type { Queryable } from "../../db/database.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { employerFollows, favouriteWorkers, jobInvitations } from "../../db/schema/index.ts";

/**
 * Rehiring rows around an owner's open job, for the authorization matrix: three workers invited to it
 * (one for each of accept, decline and cancel), a worker to invite, a worker and an employer nobody marked
 * or followed yet, the owner's favourite and a follower of the owner.
 */
export async function rehiringFixture(db: Queryable, p: { ownerId: string; jobId: string; followerId: string }) {
  const invite = async (name: string) => {
    const worker = await createWorker(db, { fullName: name });
    const [row] = await db
      .insert(jobInvitations)
      .values({ jobId: p.jobId, workerId: worker.id })
      .returning({ id: jobInvitations.id });
    if (!row) throw new Error("invitation was not inserted");
    return { workerId: worker.id, invitationId: row.id };
  };
  const toAccept = await invite("Ina Invited");
  const toDecline = await invite("Dan Declining");
  const toCancel = await invite("Cai Cancelled");
  const inviteTarget = await createWorker(db, { fullName: "Tim Target" });
  const favouriteTarget = await createWorker(db, { fullName: "Fay Favourite" });
  const followTarget = await createEmployer(db, { fullName: "Flo Followed" });
  const ownersFavourite = await createWorker(db, { fullName: "Otto Favoured" });
  await db.insert(favouriteWorkers).values({ employerId: p.ownerId, workerId: ownersFavourite.id });
  await db.insert(employerFollows).values({ followerId: p.followerId, employerId: p.ownerId });
  return {
    toAccept,
    toDecline,
    toCancel,
    inviteTargetId: inviteTarget.id,
    favouriteTargetId: favouriteTarget.id,
    followTargetId: followTarget.id,
    ownersFavouriteId: ownersFavourite.id,
  };
}

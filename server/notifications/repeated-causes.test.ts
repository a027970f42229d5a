// One notice per person and cause (issue 35, docs/decisions/055): loops of clicks by one person update
// the other person's notice in the app instead of filling their inbox. Mail goes to a real SMTP peer.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { notifications } from "../../db/schema/index.ts";
import { RATE_LIMITS } from "../../domain/limits.ts";
import { REPEATED_CAUSE_QUIET_SECONDS } from "../../domain/notifications.ts";
import { mailTestbed } from "../testing/mail-testbed.ts";

// Every delivery at once: the pace of deliveries per person has its own test (delivery-queue.test.ts).
const bed = mailTestbed({ services: { rateLimits: { ...RATE_LIMITS, noticeDelivery: { limit: 1000, windowSeconds: 60 } } } });
const LOOPS = 8;

async function noticesOf(userId: string) {
  return bed.t.db
    .select({ kind: notifications.kind, payload: notifications.payload, readAt: notifications.readAt })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

function mailsTo(email: string) {
  return bed.smtp.mails.filter((mail) => mail.to.includes(email));
}

/** Runs the background work until nothing is due (deliveries queued by deliveries included). */
async function drain() {
  while ((await bed.t.runBackground()) > 0);
}

async function scene() {
  const owner = await createEmployer(bed.t.db, { fullName: "Olga Owner" });
  const worker = await createWorker(bed.t.db, { fullName: "Wanda Worker" });
  const job = await createJob(bed.t.db, owner.id, { title: "Paint the fence", startDate: dateFromToday(3) });
  return { owner, worker, job };
}

describe("a cancelled and renewed invitation", () => {
  it(`invite → cancel → invite ×${LOOPS} is one notice and one mail to the worker`, async () => {
    const { owner, worker, job } = await scene();
    const asOwner = bed.t.callerAs(owner.id);
    for (let i = 0; i < LOOPS; i += 1) {
      const sent = await asOwner.rehiring.invite({ jobId: job.id, workerId: worker.id });
      await drain();
      await asOwner.rehiring.cancel({ invitationId: sent.id });
    }
    await asOwner.rehiring.invite({ jobId: job.id, workerId: worker.id });
    await drain();
    const notices = await noticesOf(worker.id);
    expect(notices.map((n) => n.kind)).toEqual(["job_invitation"]);
    expect(notices[0]?.readAt).toBeNull();
    expect(mailsTo(worker.email)).toHaveLength(1);
  });

  it("is sent again once the quiet while after its last mail is over", async () => {
    const { owner, worker, job } = await scene();
    const asOwner = bed.t.callerAs(owner.id);
    const sent = await asOwner.rehiring.invite({ jobId: job.id, workerId: worker.id });
    await drain();
    await asOwner.rehiring.cancel({ invitationId: sent.id });
    await bed.t.db
      .update(notifications)
      .set({ emailedAt: sql`now() - make_interval(secs => ${REPEATED_CAUSE_QUIET_SECONDS + 60})` })
      .where(eq(notifications.userId, worker.id));
    await asOwner.rehiring.invite({ jobId: job.id, workerId: worker.id });
    await drain();
    expect(mailsTo(worker.email)).toHaveLength(2);
  });
});

describe("an application withdrawn and made again", () => {
  it(`apply → withdraw ×${LOOPS} is one notice showing the latest state and one mail to the owner`, async () => {
    const { owner, worker, job } = await scene();
    const asWorker = bed.t.callerAs(worker.id);
    for (let i = 0; i < LOOPS; i += 1) {
      await asWorker.applications.submit({ jobId: job.id, message: null });
      await drain();
      await asWorker.applications.withdraw({ jobId: job.id });
      await drain();
    }
    let notices = await noticesOf(owner.id);
    expect(notices.map((n) => n.kind)).toEqual(["application_withdrawn"]);
    expect(notices[0]?.payload).toMatchObject({ workerName: "Wanda Worker", hired: false });
    await asWorker.applications.submit({ jobId: job.id, message: null });
    await drain();
    notices = await noticesOf(owner.id);
    expect(notices.map((n) => n.kind)).toEqual(["application_received"]);
    expect(mailsTo(owner.email)).toHaveLength(1);
  });

  it("a hired worker's leaving is told on its own, by mail too", async () => {
    const { owner, worker, job } = await scene();
    const applied = await bed.t.callerAs(worker.id).applications.submit({ jobId: job.id, message: null });
    await bed.t.callerAs(owner.id).applications.accept({ applicationId: applied.id });
    await drain();
    await bed.t.callerAs(worker.id).applications.withdraw({ jobId: job.id });
    await drain();
    expect((await noticesOf(owner.id)).map((n) => n.kind).sort()).toEqual(["application_received", "application_withdrawn"]);
    expect(mailsTo(owner.email)).toHaveLength(2);
  });
});

// The delivery queue under a flood (issue 35, docs/decisions/055): with workers polling as a server's do
// and mail going to a real SMTP peer, one person's flood of notices is a single waiting delivery, so an
// unrelated person's mail is not held up behind it, and the flooded person gets a mail a minute at most.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "../../db/database.ts";
import { createJob, dateFromToday } from "../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { notifications } from "../../db/schema/index.ts";
import { RATE_LIMITS } from "../../domain/limits.ts";
import { mailTestbed } from "../testing/mail-testbed.ts";
import { notifyPeople } from "./notify.ts";

const bed = mailTestbed({ background: "workers" });
/** Notices for one person, each its own event: one delivery every 2 s, as before, would need minutes for them. */
const FLOOD = 150;

describe("one person's flood of notices", () => {
  it(
    "does not hold up another person's invitation mail, and reaches the flooded person as one mail a window",
    { timeout: 120_000 },
    async () => {
      const attacker = await createEmployer(bed.t.db, { fullName: "Flooding Firm" });
      const victim = await createEmployer(bed.t.db, { fullName: "Victor Victim" });
      const victimJob = await createJob(bed.t.db, victim.id, { title: "Flooded job" });
      for (let i = 0; i < FLOOD; i += 1) {
        await bed.t.db.transaction((tx) =>
          notifyPeople(
            tx,
            bed.t.services.queue,
            [victim.id],
            { kind: "application_received", jobId: victimJob.id, jobTitle: "Flooded job", applicantName: `Applicant ${i}` },
            { actorId: attacker.id },
          ),
        );
      }
      // Never more than one delivery waits for the victim, however many notices they have.
      const [waiting] = await queryRows<{ n: number }>(
        bed.t.db,
        sql`select count(*)::int as n from pgboss.job
          where name = 'deliver-notifications' and singleton_key = ${victim.id} and state = 'created'`,
      );
      expect(Number(waiting?.n)).toBeLessThanOrEqual(1);

      const owner = await createEmployer(bed.t.db, { fullName: "Olga Owner" });
      const worker = await createWorker(bed.t.db, { fullName: "Wanda Worker" });
      const job = await createJob(bed.t.db, owner.id, { title: "Paint the fence", startDate: dateFromToday(3) });
      const started = performance.now();
      await bed.t.callerAs(owner.id).rehiring.invite({ jobId: job.id, workerId: worker.id });
      // Generous for a loaded machine; a queue working through the flood first needs minutes.
      const mail = await bed.smtp.waitFor((m) => m.to.includes(worker.email), 30_000);
      expect(mail.subject).toContain("Paint the fence");
      expect(performance.now() - started).toBeLessThan(30_000);

      // The victim: one delivery a window, the rest in the next one, as a digest.
      await bed.smtp.waitFor((m) => m.to.includes(victim.email), 30_000);
      const victimMails = bed.smtp.mails.filter((m) => m.to.includes(victim.email));
      expect(victimMails.length).toBeLessThanOrEqual(RATE_LIMITS.noticeDelivery.limit);
      const emailed = await bed.t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, victim.id), isNotNull(notifications.emailedAt)));
      if (emailed.length > 1) expect(victimMails[0]?.subject).toContain(String(emailed.length));
    },
  );
});

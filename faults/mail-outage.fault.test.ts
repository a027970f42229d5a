// The mail server stopped under two running instances: mails wait and go once it is back (issue 36,
// item 3; docs/decisions/061, 067).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../db/database.ts";
import { createJob } from "../db/factories/jobs.ts";
import { createEmployer } from "../db/factories/users.ts";
import type { ReceivedMail } from "../server/testing/smtp-peer.ts";
import { browserHeaders, call, eventually, mutation, ORIGIN, resultOf, summary, type Answer } from "./calls.ts";
import { startDeployment, type Deployment } from "./deployment.ts";
import { signedInPerson, type Person } from "./people.ts";

/**
 * How long a mail may take once the server is back: the queue retries a failed delivery after 15-30 s
 * (server/background-jobs.ts), and the failed try counted toward the person's pace of one
 * delivery a minute (RATE_LIMITS.noticeDelivery), so the retry may wait for that window: about 60 s.
 */
const MAIL_AFTER_OUTAGE_MS = 75_000;
/** How long the mail server stays down at least. */
const MAIL_OUTAGE_MS = 5_000;

let d: Deployment;
beforeAll(async () => {
  d = await startDeployment();
});
afterAll(async () => {
  await d?.close();
});

const mailsTo = (address: string) => d.smtp.mails.filter((mail: ReceivedMail) => mail.to.includes(address));

/** The queue's job that delivers `userId`'s notices has failed at least once (the mail server refused it). */
async function deliveryFailedOnce(userId: string): Promise<boolean> {
  const rows = await queryRows<{ retries: number }>(
    d.db,
    sql`select coalesce(max(retry_count), 0)::int as retries from pgboss.job
        where name = 'deliver-notifications' and data->>'userId' = ${userId}`,
  );
  return (rows[0]?.retries ?? 0) > 0;
}

describe("the mail server stopped for a while", () => {
  let owner: Awaited<ReturnType<typeof createEmployer>>;
  let resetFor: Person;
  let applied: Answer;
  let resetAsked: Answer;

  // One outage for both mails: an application's notice to the job's owner (queued work, decision 061)
  // and a password reset (an account mail), both asked for while the server is down.
  beforeAll(async () => {
    owner = await createEmployer(d.db, { fullName: "Olga Owner" });
    const job = await createJob(d.db, owner.id, { title: "Warehouse night shift" });
    const worker = await signedInPerson(d.db, d.b.http, { userType: "worker", fullName: "Anton Worker" });
    resetFor = await signedInPerson(d.db, d.b.http, { fullName: "Rita Reset" });

    await d.mailServer.set("down");
    const outageBegan = Date.now();
    applied = await mutation(d.a.http, "applications.submit", { jobId: job.id }, worker.cookie);
    resetAsked = await call(`${d.b.http}/api/auth/request-password-reset`, {
      method: "POST",
      headers: { ...browserHeaders(), "content-type": "application/json" },
      body: JSON.stringify({ email: resetFor.email, redirectTo: `${ORIGIN}/reset-password` }),
    });
    await eventually("the notice's first delivery failed", () => deliveryFailedOnce(owner.id), 30_000);
    // The outage lasts long enough for the reset mail's send to have been tried and failed too.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, MAIL_OUTAGE_MS - (Date.now() - outageBegan))));
    expect(mailsTo(owner.email)).toEqual([]);
    expect(mailsTo(resetFor.email)).toEqual([]);
    await d.mailServer.set("none");
  }, 120_000);

  it("a notification mail (an application to a job) is sent once the server is back: not lost, one Message-ID", async () => {
    resultOf(applied);
    const mail = await d.smtp.waitFor((received) => received.to.includes(owner.email), MAIL_AFTER_OUTAGE_MS);
    expect(mail.text).toContain("Warehouse night shift");
    await eventually(
      "the notice is marked e-mailed",
      async () => {
        const [notice] = await queryRows<{ emailed: boolean }>(
          d.db,
          sql`select emailed_at is not null as emailed from notifications where user_id = ${owner.id}`,
        );
        return notice?.emailed === true;
      },
      10_000,
    );
    // A copy sent again after a crash would carry the same Message-ID (decision 061): receivers fold it.
    expect(new Set(mailsTo(owner.email).map((received) => received.headers["message-id"])).size).toBe(1);
  });

  it("a password-reset request answers 200 at once, and its mail arrives once the server is back", async () => {
    expect(resetAsked.status, summary(resetAsked)).toBe(200);
    expect(resetAsked.ms, summary(resetAsked)).toBeLessThan(5_000);
    const mail = await d.smtp.waitFor((received) => received.to.includes(resetFor.email), MAIL_AFTER_OUTAGE_MS);
    expect(mail.text).toContain(`${ORIGIN}/reset-password`);
    expect(new Set(mailsTo(resetFor.email).map((received) => received.headers["message-id"])).size).toBe(1);
  });
});

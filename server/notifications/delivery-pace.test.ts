// Deliveries are paced per person (issue 35, docs/decisions/055): one a window, what arrives meanwhile
// together in the next one as a digest; each notice stays in the app. Mail goes to a real SMTP peer.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createSavedSearch } from "../../db/factories/saved-searches.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { employerFollows } from "../../db/schema/index.ts";
import { validJobInput } from "../jobs/job-test-kit.ts";
import { mailTestbed } from "../testing/mail-testbed.ts";
import { notifyPeople } from "./notify.ts";

const bed = mailTestbed();
const BURST = 5;

function mailsTo(email: string) {
  return bed.smtp.mails.filter((mail) => mail.to.includes(email));
}

/** Runs the background work until nothing is due. */
async function drain() {
  while ((await bed.t.runBackground()) > 0);
}

/** What a minute later looks like to the queue: the paced deliveries are due and their window has opened. */
async function aMinuteLater() {
  await bed.t.db.execute(
    sql`update pgboss.job set start_after = now() where name = 'deliver-notifications' and state = 'created'`,
  );
  await bed.t.db.execute(
    sql`update rate_limits set window_start = window_start - interval '2 minutes' where action = 'notice-delivery'`,
  );
}

describe("the pace of deliveries to one person", () => {
  it("sends the first at once and what follows within the window as one digest when it opens", async () => {
    const owner = await createEmployer(bed.t.db, { fullName: "Olga Owner", language: "en" });
    const job = await createJob(bed.t.db, owner.id, { title: "Paint the fence" });
    const apply = (applicantName: string) =>
      bed.t.db.transaction((tx) =>
        notifyPeople(
          tx,
          bed.t.services.queue,
          [owner.id],
          { kind: "application_received", jobId: job.id, jobTitle: "Paint the fence", applicantName },
          { actorId: null },
        ),
      );
    await apply("Anna");
    await drain();
    expect(mailsTo(owner.email).map((mail) => mail.subject)).toEqual(["Anna applied for Paint the fence"]);
    await apply("Boris");
    await apply("Carla");
    await drain();
    expect(mailsTo(owner.email)).toHaveLength(1);

    await aMinuteLater();
    await drain();
    const mails = mailsTo(owner.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe("2 new notifications on Daywork");
    // Newest first.
    expect(mails[1]?.text.indexOf("Carla")).toBeLessThan(mails[1]?.text.indexOf("Boris") ?? -1);
    expect(mails[1]?.text).not.toContain("Anna");
  });
});

describe("a burst of new jobs", () => {
  it(`${BURST} jobs posted at once are ${BURST} notices but at most two mails to a follower and to a saved-search holder`, async () => {
    const owner = await createEmployer(bed.t.db, { fullName: "Busy Boss" });
    const follower = await createWorker(bed.t.db, { language: "en" });
    await bed.t.db.insert(employerFollows).values({ followerId: follower.id, employerId: owner.id });
    const searcher = await createWorker(bed.t.db, { language: "en" });
    await createSavedSearch(bed.t.db, searcher.id, { category: "moving" });

    for (let i = 0; i < BURST; i += 1)
      await bed.t.callerAs(owner.id).jobs.create(validJobInput({ title: `Moving day ${i}`, category: "moving" }));
    await drain();
    // What is due now goes at once; the rest waits for the person's delivery window to open.
    await aMinuteLater();
    await drain();
    for (const person of [follower, searcher]) {
      const mails = mailsTo(person.email);
      expect(mails.length).toBeGreaterThanOrEqual(1);
      expect(mails.length).toBeLessThanOrEqual(2);
      const digest = mails.find((mail) => mail.subject.endsWith("new notifications on Daywork"));
      expect(digest?.text).toContain("/notifications");
      const told = mails.map((mail) => mail.text).join("\n");
      for (let i = 0; i < BURST; i += 1) expect(told).toContain(`Moving day ${i}`);
      expect(await bed.t.callerAs(person.id).notifications.unreadCount()).toBe(BURST);
    }
  });
});

import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { CITY } from "../../db/factories/places.ts";
import { createSavedSearch } from "../../db/factories/saved-searches.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { notifications, savedSearchMatches } from "../../db/schema/index.ts";
import type { JobCreateInput } from "../../domain/jobs.ts";
import { RATE_LIMITS } from "../../domain/limits.ts";
import { validJobInput } from "../jobs/job-test-kit.ts";
import { mailTestbed } from "../testing/mail-testbed.ts";
import { writeDueDigests } from "./daily-digest.ts";
import { matchNewJob } from "./match-new-job.ts";

// Days pass on a test clock here, not on the database's: deliveries are not paced (docs/decisions/055).
const bed = mailTestbed({ services: { rateLimits: { ...RATE_LIMITS, noticeDelivery: { limit: 1000, windowSeconds: 60 } } } });

async function noticesOf(userId: string) {
  return bed.t.db
    .select({ kind: notifications.kind, payload: notifications.payload })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
}

function mailsTo(email: string) {
  return bed.smtp.mails.filter((mail) => mail.to.includes(email));
}

/** Posts a job the way the post-job form does, and lets the background work run. */
async function post(employerId: string, input: Partial<JobCreateInput> = {}) {
  const job = await bed.t.callerAs(employerId).jobs.create(validJobInput(input));
  await bed.t.runBackground();
  return job;
}

async function matchesOf(searchIds: string[]) {
  return bed.t.db.select().from(savedSearchMatches).where(inArray(savedSearchMatches.savedSearchId, searchIds));
}

describe("a new job and the saved searches it matches", () => {
  it("tells each person whose instant search it matches once, in their language, in the app and by e-mail", async () => {
    const owner = await createEmployer(bed.t.db, { fullName: "Olga Owner" });
    const fan = await createWorker(bed.t.db, { fullName: "Fedor Fan", language: "ru" });
    const byText = await createSavedSearch(bed.t.db, fan.id, { q: "loader", cityId: CITY.kazan, km: 25 });
    const byCategory = await createSavedSearch(bed.t.db, fan.id, { category: "moving", country: "RU" });
    const other = await createWorker(bed.t.db);
    const otherCategory = await createSavedSearch(bed.t.db, other.id, { category: "cleaning" });
    const otherText = await createSavedSearch(bed.t.db, other.id, { q: "plumber" });
    const far = await createWorker(bed.t.db);
    const farAway = await createSavedSearch(bed.t.db, far.id, { category: "moving", cityId: CITY.moscow, km: 50 });
    const quiet = await createWorker(bed.t.db);
    const off = await createSavedSearch(bed.t.db, quiet.id, { category: "moving" }, "off");
    const own = await createSavedSearch(bed.t.db, owner.id, { category: "moving" });
    // No open job has this text as written, so typos are forgiven, as on the home page.
    const typist = await createWorker(bed.t.db);
    await createSavedSearch(bed.t.db, typist.id, { q: "warehuose" });

    const job = await post(owner.id, { title: "Warehouse loader", category: "moving", cityId: CITY.kazan });

    const told = await noticesOf(fan.id);
    expect(told).toEqual([
      {
        kind: "saved_search_match",
        payload: { kind: "saved_search_match", jobId: job.id, jobTitle: "Warehouse loader", cityName: "Казань" },
      },
    ]);
    for (const person of [other, far, quiet, owner]) expect(await noticesOf(person.id)).toEqual([]);
    expect((await noticesOf(typist.id)).map((n) => n.kind)).toEqual(["saved_search_match"]);
    const matched = await matchesOf([byText.id, byCategory.id, otherCategory.id, otherText.id, farAway.id, off.id, own.id]);
    expect(matched.map((m) => m.savedSearchId).sort()).toEqual([byText.id, byCategory.id].sort());
    expect(matched.every((m) => m.jobId === job.id && m.notifiedAt !== null)).toBe(true);

    const [mail] = mailsTo(fan.email);
    expect(mailsTo(fan.email)).toHaveLength(1);
    expect(mail?.subject).toBe("Новая вакансия по сохранённому поиску: «Warehouse loader»");
    expect(mail?.text).toContain("«Warehouse loader», Казань");
    expect(mail?.text).toContain(`/jobs/${job.id}`);
    for (const person of [other, far, quiet, owner]) expect(mailsTo(person.email)).toEqual([]);

    // A second run (a retried job) tells nobody again.
    expect(await matchNewJob(bed.t.db, bed.t.services.queue, job.id, new Date())).toBe(0);
    await bed.t.runBackground();
    expect(await noticesOf(fan.id)).toHaveLength(1);
    expect(mailsTo(fan.email)).toHaveLength(1);
  });

  it("forgives typos only when the text as written finds no open job, as the home page does", async () => {
    const owner = await createEmployer(bed.t.db);
    const worker = await createWorker(bed.t.db);
    await post(owner.id, { title: "Courier for parcels", category: "moving" });
    await createSavedSearch(bed.t.db, worker.id, { q: "courier" });
    // "Courrier" is "courier" only with a typo forgiven; open jobs have "courier" as written.
    await post(owner.id, { title: "Courrier run", category: "moving" });
    expect(await noticesOf(worker.id)).toEqual([]);
    const job = await post(owner.id, { title: "Courier to the airport", category: "moving" });
    expect((await noticesOf(worker.id)).map((n) => (n.payload as { jobId: string }).jobId)).toEqual([job.id]);
  });

  it("matches a job no longer open with nothing, and a daily search waits for the digest", async () => {
    const owner = await createEmployer(bed.t.db);
    const worker = await createWorker(bed.t.db);
    const daily = await createSavedSearch(bed.t.db, worker.id, { category: "construction" }, "daily");
    const { id: cancelledId } = await bed.t.callerAs(owner.id).jobs.create(validJobInput({ category: "construction" }));
    await bed.t.callerAs(owner.id).jobs.changeStatus({ jobId: cancelledId, action: "cancel" });
    await bed.t.runBackground();
    expect(await matchesOf([daily.id])).toEqual([]);

    const job = await post(owner.id, { category: "construction", title: "Fix the shelves" });
    expect(await noticesOf(worker.id)).toEqual([]);
    expect(await matchesOf([daily.id])).toMatchObject([{ jobId: job.id, notifiedAt: null }]);
  });

  it("tells at once about a job that matches both an instant and a daily search, and not again in the digest", async () => {
    const owner = await createEmployer(bed.t.db);
    const worker = await createWorker(bed.t.db);
    const instant = await createSavedSearch(bed.t.db, worker.id, { category: "catering" });
    const daily = await createSavedSearch(bed.t.db, worker.id, { category: "catering", duration: "2-3" }, "daily");
    await post(owner.id, { category: "catering", durationDays: 3 });
    expect((await noticesOf(worker.id)).map((n) => n.kind)).toEqual(["saved_search_match"]);
    expect((await matchesOf([instant.id, daily.id])).every((m) => m.notifiedAt !== null)).toBe(true);
    await writeDueDigests(bed.t.db, bed.t.services.queue, new Date("2030-01-01T12:00:00Z"));
    expect((await noticesOf(worker.id)).map((n) => n.kind)).toEqual(["saved_search_match"]);
  });
});

describe("the daily digest", () => {
  it("goes out once a day from 08:00 in the person's time zone, listing the still-open matches since the last one", async () => {
    const owner = await createEmployer(bed.t.db);
    const worker = await createWorker(bed.t.db, { language: "de", timeZone: "Asia/Tashkent" });
    const gardens = await createSavedSearch(bed.t.db, worker.id, { category: "landscaping" }, "daily");
    const texts = await createSavedSearch(bed.t.db, worker.id, { q: "hedge" }, "daily");
    const first = await post(owner.id, { category: "landscaping", title: "Trim the hedge" });
    const second = await post(owner.id, { category: "landscaping", title: "Plant tulips" });
    const closed = await post(owner.id, { category: "landscaping", title: "Mow the lawn" });
    await bed.t.callerAs(owner.id).jobs.changeStatus({ jobId: closed.id, action: "cancel" });
    expect(await noticesOf(worker.id)).toEqual([]);
    // "Trim the hedge" matches both searches: it is one job of the digest.
    expect(await matchesOf([gardens.id, texts.id])).toHaveLength(4);

    const digests = async () => (await noticesOf(worker.id)).filter((n) => n.kind === "saved_search_digest");
    // 07:30 in Tashkent (UTC+5): not yet.
    expect(await writeDueDigests(bed.t.db, bed.t.services.queue, new Date("2030-06-10T02:30:00Z"))).toBe(0);
    expect(await digests()).toEqual([]);
    // 08:05: one digest, the newest first; the cancelled job is left out.
    expect(await writeDueDigests(bed.t.db, bed.t.services.queue, new Date("2030-06-10T03:05:00Z"))).toBe(1);
    expect(await writeDueDigests(bed.t.db, bed.t.services.queue, new Date("2030-06-10T03:15:00Z"))).toBe(0);
    expect((await digests()).map((n) => n.payload)).toEqual([
      {
        kind: "saved_search_digest",
        count: 2,
        jobs: [
          { jobId: second.id, jobTitle: "Plant tulips" },
          { jobId: first.id, jobTitle: "Trim the hedge" },
        ],
      },
    ]);
    expect((await matchesOf([gardens.id, texts.id])).every((m) => m.notifiedAt !== null)).toBe(true);
    await bed.t.runBackground();
    await bed.t.runBackground();
    const mails = mailsTo(worker.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("2 neue Jobs für deine gespeicherten Suchen");
    expect(mails[0]?.text).toContain("Der neueste: „Plant tulips“.");
    expect(mails[0]?.text).toContain("/settings/saved-searches");

    // A match later that day waits for the next morning, and is the only one in it.
    const third = await post(owner.id, { category: "landscaping", title: "Rake leaves" });
    expect(await writeDueDigests(bed.t.db, bed.t.services.queue, new Date("2030-06-10T15:00:00Z"))).toBe(0);
    expect(await writeDueDigests(bed.t.db, bed.t.services.queue, new Date("2030-06-11T03:01:00Z"))).toBe(1);
    expect((await digests()).at(-1)?.payload).toEqual({
      kind: "saved_search_digest",
      count: 1,
      jobs: [{ jobId: third.id, jobTitle: "Rake leaves" }],
    });
    await bed.t.runBackground();
    expect(mailsTo(worker.email)).toHaveLength(2);
    expect(mailsTo(worker.email)[1]?.text).toContain(`/jobs/${third.id}`);
  });
});

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../db/database.ts";
import { createSavedSearch } from "../../db/factories/saved-searches.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import {
  employerFollows,
  jobHolds,
  jobInvitations,
  jobs,
  notifications,
  savedSearchMatches,
  searchWords,
} from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import type { JobCreateInput } from "../../domain/jobs.ts";
import { RATE_LIMITS } from "../../domain/limits.ts";
import { validJobInput } from "../jobs/job-test-kit.ts";
import { tellFollowers } from "../rehiring/tell-followers.ts";
import { writeDueDigests } from "../saved-searches/daily-digest.ts";
import { matchNewJob } from "../saved-searches/match-new-job.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { approveHold, rejectHold } from "./holds.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { HOLD_RULES: "all" },
    services: { rateLimits: { ...RATE_LIMITS, jobPost: { limit: 1000, windowSeconds: 3600 } } },
  });
});
afterAll(() => t.close());

const WEEK_AGO = () => new Date(Date.now() - 7 * 86_400_000);
/** An employer whose account is a week old: the new-account rule leaves their posts alone. */
const seasonedEmployer = () => createEmployer(t.db, { createdAt: WEEK_AGO() });

async function post(employerId: string, input: Partial<JobCreateInput> = {}) {
  return t.callerAs(employerId).jobs.create(validJobInput(input));
}
const moderationOf = async (jobId: string) =>
  (await t.db.select({ moderation: jobs.moderation }).from(jobs).where(eq(jobs.id, jobId)))[0]?.moderation;
const holdsOf = (jobId: string) => t.db.select().from(jobHolds).where(eq(jobHolds.jobId, jobId)).orderBy(jobHolds.heldAt);
const searchIds = async (q?: string) => (await t.callerAs(null).jobs.search(q ? { q } : {})).items.map((j) => j.id);
const dictionaryHas = async (word: string) => (await t.db.$count(searchWords, eq(searchWords.word, word))) > 0;

describe("posting", () => {
  it("shows an ordinary post of a seasoned account at once, with no hold", async () => {
    const owner = await seasonedEmployer();
    const job = await post(owner.id);
    expect(job.moderation).toBe("visible");
    expect(await holdsOf(job.id)).toEqual([]);
  });

  it("holds a post asking for a deposit and a Telegram chat, recording which rules fired and when", async () => {
    const owner = await seasonedEmployer();
    const before = new Date();
    const job = await post(owner.id, {
      title: "Курьер, оплата каждый день",
      description: "Нужен залог 2000 р. за сумку, подробности в телеграм @fast_courier_job",
    });
    expect(job.moderation).toBe("held");
    const [hold] = await holdsOf(job.id);
    expect(hold).toMatchObject({
      rules: ["contact_details", "payment_request"],
      decision: null,
      decidedAt: null,
      decidedBy: null,
    });
    expect(hold?.heldAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it("holds every post of an account younger than a day, and the sixth post within an hour", async () => {
    const fresh = await createEmployer(t.db);
    const first = await post(fresh.id);
    expect(first.moderation).toBe("held");
    expect((await holdsOf(first.id))[0]?.rules).toEqual(["new_account"]);

    const busy = await seasonedEmployer();
    const five = [];
    for (let i = 0; i < 5; i++) five.push(await post(busy.id, { title: `Shift ${i} at the depot` }));
    expect(five.map((j) => j.moderation)).toEqual(["visible", "visible", "visible", "visible", "visible"]);
    const sixth = await post(busy.id, { title: "Shift 6 at the depot" });
    expect((await holdsOf(sixth.id))[0]?.rules).toEqual(["posting_burst"]);
  });

  it("holds a rate far outside the currency's brackets", async () => {
    const owner = await seasonedEmployer();
    const job = await post(owner.id, { hourlyRate: 9000, currency: "RUB" });
    expect((await holdsOf(job.id))[0]?.rules).toEqual(["rate_out_of_range"]);
  });

  it("holds a post-again copy and sends none of its invitations", async () => {
    const owner = await seasonedEmployer();
    const worker = await createWorker(t.db);
    const [past] = await t.db
      .insert(jobs)
      .values({ ...pastJobRow(owner.id), status: "completed" })
      .returning({ id: jobs.id });
    if (!past) throw new Error("no past job");
    const posted = await t.callerAs(owner.id).rehiring.postAgain({
      copiedFromId: past.id,
      job: validJobInput({ description: "Same as last time. Write to boss@example.com first." }),
      inviteWorkerIds: [worker.id],
    });
    expect(posted).toMatchObject({ moderation: "held", invited: [] });
    expect(await t.db.$count(jobInvitations, eq(jobInvitations.jobId, posted.id))).toBe(0);
    expect((await holdsOf(posted.id))[0]?.rules).toEqual(["contact_details"]);
  });
});

function pastJobRow(employerId: string) {
  return {
    employerId,
    title: "Warehouse loader",
    description: "Load and unload delivery vans at our warehouse.",
    category: "moving" as const,
    durationDays: 1,
    startDate: "2026-01-10",
    hourlyRate: 450,
    currency: "RUB" as const,
  };
}

describe("editing", () => {
  it("holds a shown job whose edit adds a phone number, and adds to a waiting hold rather than opening another", async () => {
    const owner = await seasonedEmployer();
    const job = await post(owner.id);
    const edit = (change: Partial<JobCreateInput>) => {
      const { language: _l, idempotencyKey: _k, ...form } = validJobInput(change);
      return t.callerAs(owner.id).jobs.update({ jobId: job.id, ...form });
    };
    await edit({ description: "Load and unload delivery vans at our warehouse. Quiet street." });
    expect(await moderationOf(job.id)).toBe("visible");

    await edit({ description: "Load and unload vans. Call 8 (912) 345-67-89 before coming." });
    expect(await moderationOf(job.id)).toBe("held");
    await edit({ description: "Load and unload vans. Call 8 (912) 345-67-89. Details on rabota-vans.ru" });
    const holds = await holdsOf(job.id);
    expect(holds).toHaveLength(1);
    expect(holds[0]?.rules).toEqual(["contact_details", "link"]);
  });
});

describe("a held job is hidden from the public", () => {
  it("by every open-jobs index, whose predicate names visible jobs only, so search still reads them", async () => {
    const indexes = await queryRows<{ indexname: string; indexdef: string }>(
      t.db,
      sql`select indexname, indexdef from pg_indexes where tablename = 'jobs' and indexdef like '%status = ''open''::job_status)%'`,
    );
    expect(indexes.map((i) => i.indexname).sort()).toEqual([
      "jobs_open_category_created_idx",
      "jobs_open_country_created_idx",
      "jobs_open_created_idx",
      "jobs_open_duration_created_idx",
      "jobs_open_earth_idx",
      "jobs_open_price_idx",
      "jobs_search_doc",
    ]);
    for (const { indexname, indexdef } of indexes) expect(indexdef, indexname).toContain("moderation = 'visible'");
  });

  it("from search, its count, the spelling dictionary and the sitemap", async () => {
    const owner = await seasonedEmployer();
    const shown = await post(owner.id, { title: "Glazier wanted for shopfront", description: "Fit new panes in a shopfront." });
    const held = await post(owner.id, {
      title: "Upholsterer wanted for sofas",
      description: "Reupholster sofas. Registration fee $20 before the first shift.",
    });
    expect(held.moderation).toBe("held");
    const all = await searchIds();
    expect(all).toContain(shown.id);
    expect(all).not.toContain(held.id);
    expect(await searchIds("upholsterer")).toEqual([]);
    expect((await t.callerAs(null).jobs.search({ q: "upholsterer" })).total).toBe(0);
    expect(await dictionaryHas("upholsterer")).toBe(false);
    expect(await dictionaryHas("glazier")).toBe(true);
    const sitemap = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.body).toContain(shown.id);
    expect(sitemap.body).not.toContain(held.id);
  });

  it("its page is not found to a stranger or a visitor, and shows the owner that it is under review", async () => {
    const owner = await seasonedEmployer();
    const held = await post(owner.id, { description: "Pay for your own training ($99) before we start." });
    const stranger = await createWorker(t.db);
    await expectRefusal(t.callerAs(stranger.id).jobs.byId({ jobId: held.id }), "NOT_FOUND", ERR.jobNotFound);
    await expectRefusal(t.callerAs(null).jobs.byId({ jobId: held.id }), "NOT_FOUND", ERR.jobNotFound);
    expect(await t.callerAs(owner.id).jobs.byId({ jobId: held.id })).toMatchObject({ id: held.id, moderation: "held" });
    const mine = await t.callerAs(owner.id).jobs.mine({ view: "posted" });
    expect(mine.items.find((j) => j.id === held.id)?.moderation).toBe("held");
  });

  it("refuses applications and contact about it as if it were gone", async () => {
    const owner = await seasonedEmployer();
    const held = await post(owner.id, { description: "Buy your uniform from us before starting, £40." });
    const worker = await createWorker(t.db);
    await expectRefusal(t.callerAs(worker.id).applications.submit({ jobId: held.id }), "NOT_FOUND", ERR.jobNotFound);
    await expectRefusal(
      t.callerAs(worker.id).chat.contactEmployer({ jobId: held.id, content: "Is the uniform really needed?" }),
      "NOT_FOUND",
      ERR.jobNotFound,
    );
  });

  it("tells no saved search and no follower, and hides an earlier invitation to it", async () => {
    const owner = await seasonedEmployer();
    const fan = await createWorker(t.db);
    await t.db.insert(employerFollows).values({ followerId: fan.id, employerId: owner.id });
    await createSavedSearch(t.db, fan.id, { q: "stevedore" });
    const shown = await post(owner.id, { title: "Stevedore for a barge", description: "Unload a river barge by hand." });
    await t.callerAs(owner.id).rehiring.invite({ jobId: shown.id, workerId: fan.id });
    expect((await t.callerAs(fan.id).rehiring.mine()).map((i) => i.jobId)).toContain(shown.id);

    const held = await post(owner.id, {
      title: "Stevedore, quick cash",
      description: "Unload barges. Small upfront payment for gloves.",
    });
    expect(held.moderation).toBe("held");
    expect(await tellFollowers(t.db, t.services.queue, held.id)).toBe(0);
    expect(await matchNewJob(t.db, t.services.queue, held.id, new Date())).toBe(0);
    expect(await t.db.$count(savedSearchMatches, eq(savedSearchMatches.jobId, held.id))).toBe(0);
    expect((await t.callerAs(fan.id).rehiring.followedJobs()).map((j) => j.id)).not.toContain(held.id);

    // The shown job is edited into a scam: its invitation disappears and cannot be accepted.
    const {
      language: _l,
      idempotencyKey: _k,
      ...form
    } = validJobInput({
      title: "Stevedore for a barge",
      description: "Unload a river barge. WhatsApp me first.",
    });
    await t.callerAs(owner.id).jobs.update({ jobId: shown.id, ...form });
    expect((await t.callerAs(fan.id).rehiring.mine()).map((i) => i.jobId)).not.toContain(shown.id);
    const [invitation] = await t.db.select().from(jobInvitations).where(eq(jobInvitations.jobId, shown.id));
    if (!invitation) throw new Error("no invitation");
    await expectRefusal(t.callerAs(fan.id).rehiring.accept({ invitationId: invitation.id }), "NOT_FOUND", ERR.invitationNotFound);
  });
});

describe("a job held after it was matched", () => {
  it("is left out of the daily digest", async () => {
    const owner = await seasonedEmployer();
    const worker = await createWorker(t.db, { timeZone: "UTC" });
    await createSavedSearch(t.db, worker.id, { q: "bricklayer" }, "daily");
    const first = await post(owner.id, { title: "Bricklayer for a garden wall", description: "Build a low garden wall." });
    const second = await post(owner.id, { title: "Bricklayer's helper", description: "Carry bricks and mix mortar." });
    await t.runBackground();
    expect(await t.db.$count(savedSearchMatches, eq(savedSearchMatches.jobId, first.id))).toBe(1);

    const {
      language: _l,
      idempotencyKey: _k,
      ...form
    } = validJobInput({
      title: "Bricklayer for a garden wall",
      description: "Build a low garden wall. Deposit for the tools: 3000 rub.",
    });
    await t.callerAs(owner.id).jobs.update({ jobId: first.id, ...form });
    expect(await moderationOf(first.id)).toBe("held");

    expect(await writeDueDigests(t.db, t.services.queue, new Date("2030-06-10T09:00:00Z"))).toBe(1);
    const digests = await t.db
      .select({ payload: notifications.payload })
      .from(notifications)
      .where(and(eq(notifications.userId, worker.id), eq(notifications.kind, "saved_search_digest")));
    expect(digests.map((d) => d.payload)).toEqual([
      { kind: "saved_search_digest", count: 1, jobs: [{ jobId: second.id, jobTitle: "Bricklayer's helper" }] },
    ]);
  });
});

describe("an operator's decision", () => {
  it("approve shows the job and sets off what a new job does: followers told, saved searches matched", async () => {
    const owner = await seasonedEmployer();
    const operator = await createWorker(t.db);
    const fan = await createWorker(t.db);
    await t.db.insert(employerFollows).values({ followerId: fan.id, employerId: owner.id });
    await createSavedSearch(t.db, fan.id, { q: "chimney" });
    const held = await post(owner.id, { title: "Chimney sweep helper", description: "Sweep chimneys. Details: t.me/sweeps" });
    await t.runBackground();
    expect(await t.db.$count(savedSearchMatches, eq(savedSearchMatches.jobId, held.id))).toBe(0);

    const decided = await approveHold(t.db, t.services, held.id, operator.id);
    expect(decided).toMatchObject({ jobId: held.id, moderation: "visible" });
    expect(await moderationOf(held.id)).toBe("visible");
    expect((await holdsOf(held.id))[0]).toMatchObject({ decision: "approved", decidedBy: operator.id });
    expect(await searchIds("chimney")).toEqual([held.id]);
    expect(await dictionaryHas("chimney")).toBe(true);
    await t.runBackground();
    expect(await t.db.$count(savedSearchMatches, eq(savedSearchMatches.jobId, held.id))).toBe(1);
    const told = await t.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, fan.id));
    expect(told.map((n) => n.kind)).toContain("followed_employer_job");

    // Decided: nothing waits any more.
    expect(await approveHold(t.db, t.services, held.id, operator.id)).toBeNull();
    expect(await rejectHold(t.db, t.services, held.id, operator.id)).toBeNull();
  });

  it("reject removes the job for good: hidden, and an edit does not bring it back to the queue", async () => {
    const owner = await seasonedEmployer();
    const operator = await createWorker(t.db);
    const held = await post(owner.id, { description: "Send money for the starter kit, then start." });
    expect(await rejectHold(t.db, t.services, held.id, operator.id)).toMatchObject({ moderation: "removed" });
    expect((await holdsOf(held.id))[0]).toMatchObject({ decision: "rejected", decidedBy: operator.id });
    expect(await searchIds()).not.toContain(held.id);
    await expectRefusal(t.callerAs(null).jobs.byId({ jobId: held.id }), "NOT_FOUND", ERR.jobNotFound);

    const { language: _l, idempotencyKey: _k, ...form } = validJobInput({ description: "Call +7 912 345 67 89 for the kit." });
    await t.callerAs(owner.id).jobs.update({ jobId: held.id, ...form });
    expect(await moderationOf(held.id)).toBe("removed");
    expect(await holdsOf(held.id)).toHaveLength(1);
  });

  it("finds nothing to decide on a job that was never held", async () => {
    const owner = await seasonedEmployer();
    const job = await post(owner.id);
    expect(await approveHold(t.db, t.services, job.id, owner.id)).toBeNull();
    expect(await moderationOf(job.id)).toBe("visible");
  });
});

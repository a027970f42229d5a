import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { CITY } from "../../db/factories/places.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import {
  accountSanctions,
  appeals,
  jobHolds,
  moderationDecisions,
  reliabilityEvents,
  reports,
  user,
} from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { grantRole } from "../operators/roles.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

// The console's clock: the 7-day window is 2026-03-04 .. 2026-03-10, the 90-day one starts 2025-12-11.
const NOW = new Date("2026-03-10T12:00:00Z");
const at = (s: string) => new Date(`${s}Z`);

let t: TestApp;
let moderatorId: string;
let strangerId: string;

/**
 * A small marketplace whose every figure is worked out by hand below. Moscow is RU, Almaty KZ.
 * A (03-04 10:00, starts 03-06 for 2 days, 2 places): w1 applies at 12:00 (2 h), both hired, the last at
 *   03-05 10:00 (24 h); w1 misses 03-07.
 * B (03-05 08:00, starts 03-09, 3 places): w3 applies at 14:00 (6 h) and is hired; w1 applies later.
 * C (03-05 09:00, Almaty, starts 03-12, 1 place): w2 applies at 19:00 (10 h), hired 03-06 15:00 (30 h);
 *   a late cancellation about 03-10.
 * D (02-20, starts 03-04 for 3 days, 2 places, days chosen): w4 hired for 03-04, w5 for 03-05 and 03-06,
 *   so its least-staffed day has 1; w5 misses 03-06.
 * E (02-25, starts 02-27 for 7 days): w1 hired, two of its days (03-04, 03-05) in the window.
 * F (03-06, cancelled, starts 03-08): a late cancellation by its owner about 03-08.
 * G (03-10 23:00) and H (03-03 23:59:59, before the window): nobody applied.
 *
 * Moderation (figures by hand in the tests): reports R1 (A, scam, 03-04 12:00) and R2 (A, fake_job, 03-05 00:00)
 *   are closed by D1 (remove A, 03-05 12:00: 24 h from R1); R6 (A, scam, 03-01, closed 03-02) was not open then.
 *   R3 (C, spam, 03-05 10:00) closed by D2 (dismiss, 03-05 16:00: 6 h). R4 (w1's profile, harassment, 03-06 08:00)
 *   closed by D3 (restrict w1, 03-07 10:00: 26 h). F held at 03-06 00:00, approved by D4 at 06:00 (6 h, own
 *   initiative). D5 restores A on 03-09 10:00 with nothing waiting (no time to a decision). R7 (H, scam, 03-04
 *   15:00) and R5 (a review, other, 03-09 09:00) are open. Appeals: AP1 of D1 (03-06 12:00, reversed 03-09 10:00:
 *   70 h), AP2 of w1's no-show on A (03-08 09:00, open), AP3 of w2's late cancellation on C (03-09 12:00, upheld
 *   03-10 12:00: 24 h). w5 is banned on 03-08.
 */
beforeAll(async () => {
  t = await createTestApp({ services: { now: () => NOW } });
  const employer = await createEmployer(t.db);
  const [w1, w2, w3, w4, w5] = await Promise.all([1, 2, 3, 4, 5].map(() => createWorker(t.db)));
  if (!w1 || !w2 || !w3 || !w4 || !w5) throw new Error("workers missing");
  const moderator = await createWorker(t.db);
  const stranger = await createWorker(t.db);
  moderatorId = moderator.id;
  strangerId = stranger.id;
  await grantRole(t.db, null, { email: moderator.email, role: "moderator" });

  const job = (createdAt: string, startDate: string, more: Parameters<typeof createJob>[2] = {}) =>
    createJob(t.db, employer.id, { createdAt: at(createdAt), startDate, durationDays: 1, maxWorkers: 1, ...more });
  const hired = (jobId: string, workerId: string, appliedAt: string, acceptedAt: string, days?: string[]) =>
    createApplication(t.db, jobId, workerId, {
      status: "accepted",
      createdAt: at(appliedAt),
      updatedAt: at(acceptedAt),
      days,
    });
  const strike = (
    userId: string,
    jobId: string,
    kind: "no_show" | "late_cancellation",
    onDate: string,
    role: "worker" | "employer" = "worker",
  ) =>
    t.db.insert(reliabilityEvents).values({
      userId,
      jobId,
      kind,
      role,
      onDate,
      noticeHours: kind === "late_cancellation" ? 5 : null,
      createdAt: NOW,
    });

  const a = await job("2026-03-04T10:00:00", "2026-03-06", { durationDays: 2, maxWorkers: 2, acceptedCount: 2 });
  await hired(a.id, w1.id, "2026-03-04T12:00:00", "2026-03-04T14:00:00");
  await hired(a.id, w2.id, "2026-03-04T13:00:00", "2026-03-05T10:00:00");
  await strike(w1.id, a.id, "no_show", "2026-03-07");

  const b = await job("2026-03-05T08:00:00", "2026-03-09", { maxWorkers: 3, acceptedCount: 1 });
  await hired(b.id, w3.id, "2026-03-05T14:00:00", "2026-03-05T15:00:00");
  await createApplication(t.db, b.id, w1.id, { createdAt: at("2026-03-05T20:00:00") });

  const c = await job("2026-03-05T09:00:00", "2026-03-12", { cityId: CITY.almaty, acceptedCount: 1 });
  await hired(c.id, w2.id, "2026-03-05T19:00:00", "2026-03-06T15:00:00");
  await strike(w2.id, c.id, "late_cancellation", "2026-03-10");

  const d = await job("2026-02-20T09:00:00", "2026-03-04", {
    durationDays: 3,
    maxWorkers: 2,
    partialDays: true,
    acceptedCount: 1,
  });
  await hired(d.id, w4.id, "2026-02-21T09:00:00", "2026-02-21T10:00:00", ["2026-03-04"]);
  await hired(d.id, w5.id, "2026-02-21T09:00:00", "2026-02-21T10:00:00", ["2026-03-05", "2026-03-06"]);
  await strike(w5.id, d.id, "no_show", "2026-03-06");

  const e = await job("2026-02-25T09:00:00", "2026-02-27", { durationDays: 7, acceptedCount: 1 });
  await hired(e.id, w1.id, "2026-02-25T10:00:00", "2026-02-25T11:00:00");

  const f = await job("2026-03-06T00:00:00", "2026-03-08", { maxWorkers: 2, status: "cancelled" });
  await strike(employer.id, f.id, "late_cancellation", "2026-03-08", "employer");

  await job("2026-03-10T23:00:00", "2026-03-20");

  const h = await job("2026-03-03T23:59:59", "2026-03-20");
  await moderation({ a: a.id, c: c.id, f: f.id, h: h.id, employer: employer.id, w1: w1.id, w2: w2.id, w5: w5.id });

  // Accounts: everyone in the marketplace joined on 03-02, the moderator and the stranger long before.
  const people = [employer, w1, w2, w3, w4, w5].map((p) => p.id);
  await t.db
    .update(user)
    .set({ createdAt: at("2026-03-02T08:00:00") })
    .where(inArray(user.id, people));
  for (const id of [moderator.id, stranger.id]) {
    await t.db
      .update(user)
      .set({ createdAt: at("2025-11-01T08:00:00") })
      .where(eq(user.id, id));
  }
});
afterAll(() => t.close());

type Ids = { a: string; c: string; f: string; h: string; employer: string; w1: string; w2: string; w5: string };

/** The reports, hold, decisions, appeals and sanctions of the comment above. */
async function moderation(ids: Ids) {
  const report = (
    subjectType: "job" | "profile" | "review",
    subjectId: string,
    reason: "scam" | "fake_job" | "spam" | "harassment" | "other",
    createdAt: string,
    closedAt: string | null,
  ) =>
    t.db.insert(reports).values({
      subjectType,
      subjectId,
      reason,
      createdAt: at(createdAt),
      ...(closedAt ? { status: "closed", closedAt: at(closedAt), outcome: "actioned" } : {}),
    });
  await report("job", ids.a, "scam", "2026-03-04T12:00:00", "2026-03-05T12:00:00");
  await report("job", ids.a, "fake_job", "2026-03-05T00:00:00", "2026-03-05T12:00:00");
  await report("job", ids.c, "spam", "2026-03-05T10:00:00", "2026-03-05T16:00:00");
  await report("profile", ids.w1, "harassment", "2026-03-06T08:00:00", "2026-03-07T10:00:00");
  await report("review", "00000000-0000-4000-8000-000000000001", "other", "2026-03-09T09:00:00", null);
  await report("job", ids.a, "scam", "2026-03-01T10:00:00", "2026-03-02T10:00:00");
  await report("job", ids.h, "scam", "2026-03-04T15:00:00", null);
  await t.db.insert(jobHolds).values({
    jobId: ids.f,
    rules: ["link"],
    heldAt: at("2026-03-06T00:00:00"),
    decidedAt: at("2026-03-06T06:00:00"),
    decision: "approved",
    decidedBy: moderatorId,
  });
  const [restricted] = await t.db
    .insert(accountSanctions)
    .values({ userId: ids.w1, kind: "restricted", ground: "harassment", startsAt: at("2026-03-07T10:00:00"), endsAt: NOW })
    .returning();
  await t.db
    .insert(accountSanctions)
    .values({ userId: ids.w5, kind: "banned", ground: "scam", startsAt: at("2026-03-08T10:00:00") });
  const decide = (
    subjectType: "job" | "profile",
    subjectId: string,
    action: "dismiss" | "approve" | "remove" | "restrict" | "restore",
    ground: "scam" | "spam" | "harassment" | "terms_violation",
    decidedAt: string,
    more: Partial<typeof moderationDecisions.$inferInsert> = {},
  ) =>
    t.db
      .insert(moderationDecisions)
      .values({ subjectType, subjectId, action, ground, note: "Why.", decidedBy: moderatorId, decidedAt: at(decidedAt), ...more })
      .returning();
  const [d1] = await decide("job", ids.a, "remove", "scam", "2026-03-05T12:00:00", {
    affectedUserId: ids.employer,
    reversedAt: at("2026-03-09T10:00:00"),
  });
  await decide("job", ids.c, "dismiss", "spam", "2026-03-05T16:00:00");
  await decide("profile", ids.w1, "restrict", "harassment", "2026-03-07T10:00:00", { sanctionId: restricted?.id });
  await decide("job", ids.f, "approve", "terms_violation", "2026-03-06T06:00:00");
  await decide("job", ids.a, "restore", "scam", "2026-03-09T10:00:00");
  const strikes = await t.db.select().from(reliabilityEvents);
  const strikeOf = (userId: string, jobId: string) => strikes.find((e) => e.userId === userId && e.jobId === jobId)?.id;
  await t.db.insert(appeals).values([
    {
      kind: "decision",
      decisionId: d1?.id,
      appellantId: ids.employer,
      text: "Not a scam.",
      createdAt: at("2026-03-06T12:00:00"),
      outcome: "reversed",
      answer: "Restored.",
      answeredBy: moderatorId,
      answeredAt: at("2026-03-09T10:00:00"),
    },
    {
      kind: "strike",
      reliabilityEventId: strikeOf(ids.w1, ids.a),
      appellantId: ids.w1,
      text: "I was there.",
      createdAt: at("2026-03-08T09:00:00"),
    },
    {
      kind: "strike",
      reliabilityEventId: strikeOf(ids.w2, ids.c),
      appellantId: ids.w2,
      text: "I was ill.",
      createdAt: at("2026-03-09T12:00:00"),
      outcome: "upheld",
      answer: "Too late.",
      answeredBy: moderatorId,
      answeredAt: at("2026-03-10T12:00:00"),
    },
  ]);
}

const WEEK_DAYS = ["2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10"];
const days = (values: (number | null)[]) => values.map((value, i) => ({ start: WEEK_DAYS[i], value }));

describe("marketplace health (docs/decisions/072)", () => {
  it("gives every figure of the last 7 days, per day and over the week", async () => {
    const health = await t.callerAs(moderatorId).health.overview({ window: 7 });
    expect(health).toMatchObject({ from: "2026-03-04", to: "2026-03-10", stepDays: 1 });
    const { series } = health;
    expect(series.jobsPosted).toEqual({ points: days([1, 2, 1, 0, 0, 0, 1]), total: 5 });
    expect(series.fillRate).toEqual({ points: days([1 / 2, null, 1, null, null, 1 / 3, null]), total: 4 / 7 });
    expect(series.hoursToFirstApplication).toEqual({ points: days([2, 8, null, null, null, null, null]), total: 6 });
    expect(series.hoursToFill).toEqual({ points: days([24, 30, null, null, null, null, null]), total: 27 });
    expect(series.noShowRate).toEqual({ points: days([0, 0, 1 / 3, 1 / 2, null, 0, null]), total: 2 / 10 });
    expect(series.lateCancellations).toEqual({ points: days([0, 0, 0, 0, 1, 0, 1]), total: 2 });
  });

  it("filters by the job's country", async () => {
    const ru = (await t.callerAs(moderatorId).health.overview({ window: 7, country: "RU" })).series;
    expect(ru.jobsPosted).toEqual({ points: days([1, 1, 1, 0, 0, 0, 1]), total: 4 });
    expect(ru.hoursToFirstApplication).toEqual({ points: days([2, 6, null, null, null, null, null]), total: 4 });
    expect(ru.hoursToFill).toEqual({ points: days([24, null, null, null, null, null, null]), total: 24 });
    expect(ru.lateCancellations).toEqual({ points: days([0, 0, 0, 0, 1, 0, 0]), total: 1 });
    const kz = (await t.callerAs(moderatorId).health.overview({ window: 7, country: "KZ" })).series;
    expect(kz.jobsPosted.total).toBe(1);
    expect(kz.fillRate).toEqual({ points: days([null, null, null, null, null, null, null]), total: null });
    expect(kz.noShowRate.total).toBeNull();
    expect(kz.lateCancellations).toEqual({ points: days([0, 0, 0, 0, 0, 0, 1]), total: 1 });
    expect((await t.callerAs(moderatorId).health.overview({ window: 7, country: "DE" })).series.jobsPosted.total).toBe(0);
  });

  it("gives moderation's figures: reports per 1,000 jobs, hours to a decision, appeals and reversals", async () => {
    const { series } = await t.callerAs(moderatorId).health.overview({ window: 7 });
    // Reports [2, 2, 1, 0, 0, 1, 0] over jobs [1, 2, 1, 0, 0, 0, 1]; R6 came before the window.
    expect(series.reportsPer1000Jobs).toEqual({ points: days([2000, 1000, 1000, null, null, null, 0]), total: 1200 });
    // D1 24 h and D2 6 h on 03-05, D4 6 h, D3 26 h; D5 had nothing waiting. Median of 6, 6, 24, 26.
    expect(series.hoursToDecision).toEqual({ points: days([null, 15, 6, 26, null, null, null]), total: 15 });
    expect(series.appeals).toEqual({ points: days([0, 0, 1, 0, 1, 1, 0]), total: 3 });
    expect(series.reversals).toEqual({ points: days([0, 0, 0, 0, 0, 1, 0]), total: 1 });
  });

  it("counts only what is about a job of the country in one country's moderation figures", async () => {
    const ru = (await t.callerAs(moderatorId).health.overview({ window: 7, country: "RU" })).series;
    // R1, R7 on 03-04 and R2 on 03-05 are about Russian jobs; R3 is Kazakh, R4 and R5 have no country.
    expect(ru.reportsPer1000Jobs).toEqual({ points: days([2000, 1000, 0, null, null, null, 0]), total: 750 });
    expect(ru.hoursToDecision).toEqual({ points: days([null, 24, 6, null, null, null, null]), total: 15 });
    expect(ru.appeals).toEqual({ points: days([0, 0, 1, 0, 1, 0, 0]), total: 2 });
    expect(ru.reversals.total).toBe(1);
    const kz = (await t.callerAs(moderatorId).health.overview({ window: 7, country: "KZ" })).series;
    expect(kz.reportsPer1000Jobs).toEqual({ points: days([null, 1000, null, null, null, null, null]), total: 1000 });
    expect(kz.hoursToDecision.total).toBe(6);
    expect(kz.appeals).toEqual({ points: days([0, 0, 0, 0, 0, 1, 0]), total: 1 });
    expect(kz.reversals.total).toBe(0);
  });

  it("gives 90 days per week, the last point six days long", async () => {
    const health = await t.callerAs(moderatorId).health.overview({ window: 90 });
    expect(health).toMatchObject({ from: "2025-12-11", to: "2026-03-10", stepDays: 7 });
    const posted = health.series.jobsPosted;
    expect(posted.points).toHaveLength(13);
    expect(posted.points[12]).toEqual({ start: "2026-03-05", value: 4 });
    expect(posted.points.map((p) => p.value)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 4]);
    expect(posted.total).toBe(8);
    // E's two days before the week (02-27 .. 03-03) now count too: 5 more worker-days, no more no-shows.
    expect(health.series.noShowRate.total).toBe(2 / 15);
  });

  it("refuses a window it does not offer as a bad filter", async () => {
    await expectRefusal(t.callerAs(moderatorId).health.overview({ window: 14 as 7 }), "BAD_REQUEST", ERR.filterInvalid);
  });

  it("exports the transparency report's counts as CSV, for moderators only", async () => {
    const { csv } = await t.callerAs(moderatorId).health.transparencyCsv({ from: "2026-03-01", to: "2026-03-10" });
    expect(csv).toBe(
      [
        "period_start,period_end,metric,value",
        "2026-03-01,2026-03-10,jobs_posted,6",
        "2026-03-01,2026-03-10,accounts_created,6",
        "2026-03-01,2026-03-10,notices_received,7",
        "2026-03-01,2026-03-10,notices_received:scam,3",
        "2026-03-01,2026-03-10,notices_received:fake_job,1",
        "2026-03-01,2026-03-10,notices_received:discrimination,0",
        "2026-03-01,2026-03-10,notices_received:harassment,1",
        "2026-03-01,2026-03-10,notices_received:inappropriate,0",
        "2026-03-01,2026-03-10,notices_received:spam,1",
        "2026-03-01,2026-03-10,notices_received:workplace_safety,0",
        "2026-03-01,2026-03-10,notices_received:other,1",
        "2026-03-01,2026-03-10,decisions,5",
        "2026-03-01,2026-03-10,decisions:dismiss,1",
        "2026-03-01,2026-03-10,decisions:approve,1",
        "2026-03-01,2026-03-10,decisions:remove,1",
        "2026-03-01,2026-03-10,decisions:restrict,1",
        "2026-03-01,2026-03-10,decisions:ban,0",
        "2026-03-01,2026-03-10,decisions:restore,1",
        "2026-03-01,2026-03-10,decisions_ground:scam,2",
        "2026-03-01,2026-03-10,decisions_ground:fake_job,0",
        "2026-03-01,2026-03-10,decisions_ground:discrimination,0",
        "2026-03-01,2026-03-10,decisions_ground:harassment,1",
        "2026-03-01,2026-03-10,decisions_ground:inappropriate,0",
        "2026-03-01,2026-03-10,decisions_ground:spam,1",
        "2026-03-01,2026-03-10,decisions_ground:workplace_safety,0",
        "2026-03-01,2026-03-10,decisions_ground:terms_violation,1",
        "2026-03-01,2026-03-10,decisions_source:notice,3",
        "2026-03-01,2026-03-10,decisions_source:own_initiative,1",
        "2026-03-01,2026-03-10,decisions_source:other,1",
        "2026-03-01,2026-03-10,hours_to_decision_median,15",
        "2026-03-01,2026-03-10,appeals_received,3",
        "2026-03-01,2026-03-10,appeals_received:decision,1",
        "2026-03-01,2026-03-10,appeals_received:timesheet,0",
        "2026-03-01,2026-03-10,appeals_received:strike,2",
        "2026-03-01,2026-03-10,appeals_decided,2",
        "2026-03-01,2026-03-10,appeals_decided:upheld,1",
        "2026-03-01,2026-03-10,appeals_decided:reversed,1",
        "2026-03-01,2026-03-10,appeals_decided:settled,0",
        "2026-03-01,2026-03-10,hours_to_appeal_answer_median,47",
        "2026-03-01,2026-03-10,accounts_restricted,1",
        "2026-03-01,2026-03-10,accounts_banned,1",
        "",
      ].join("\r\n"),
    );
    await expectRefusal(
      t.callerAs(strangerId).health.transparencyCsv({ from: "2026-03-01", to: "2026-03-10" }),
      "FORBIDDEN",
      ERR.operatorsOnly,
    );
    await expectRefusal(t.callerAs(strangerId).health.overview({ window: 7 }), "FORBIDDEN", ERR.operatorsOnly);
  });

  it("leaves a median empty and counts zero when nothing happened in the period", async () => {
    const { csv } = await t.callerAs(moderatorId).health.transparencyCsv({ from: "2026-02-01", to: "2026-02-10" });
    const lines = csv.split("\r\n");
    expect(lines).toContain("2026-02-01,2026-02-10,notices_received,0");
    expect(lines).toContain("2026-02-01,2026-02-10,decisions:remove,0");
    expect(lines).toContain("2026-02-01,2026-02-10,hours_to_decision_median,");
    expect(lines).toContain("2026-02-01,2026-02-10,hours_to_appeal_answer_median,");
  });

  it("refuses a period backwards or longer than a year", async () => {
    const as = t.callerAs(moderatorId).health;
    await expectRefusal(as.transparencyCsv({ from: "2026-03-10", to: "2026-03-01" }), "BAD_REQUEST", ERR.healthPeriodInvalid);
    await expectRefusal(as.transparencyCsv({ from: "2025-01-01", to: "2026-03-01" }), "BAD_REQUEST", ERR.healthPeriodInvalid);
    await expectRefusal(as.transparencyCsv({ from: "2026-02-30", to: "2026-03-01" }), "BAD_REQUEST", ERR.healthPeriodInvalid);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CITY } from "../../db/factories/places.ts";
import { jobs } from "../../db/schema/index.ts";
import { todayIn } from "../../domain/age.ts";
import { ERR } from "../../domain/errors.ts";
import { MAX_SKILLS } from "../../domain/jobs.ts";
import { RATE_LIMITS } from "../../domain/limits.ts";
import { signUpMember, type SignedUp } from "../testing/accounts.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { callHttp, validJobInput } from "./job-test-kit.ts";

let t: TestApp;
let poster: SignedUp;
beforeAll(async () => {
  // One poster tries many inputs here; the posting limit has its own test (server/trpc/hostile-input.test.ts).
  t = await createTestApp({ services: { rateLimits: { ...RATE_LIMITS, jobPost: { limit: 1000, windowSeconds: 3600 } } } });
  poster = await signUpMember(t, { name: "Olga Poster", userType: "employer" });
});
afterAll(() => t.close());

// Days before today in UTC: in the past for anyone whose zone is at most a day ahead of UTC.
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe("jobs.create", () => {
  it("stores a trimmed job with its skills cleaned up, a negotiable rate and the poster's language", async () => {
    const res = await callHttp(
      t,
      "mutation",
      "jobs.create",
      validJobInput({
        title: "  Garden clean-up  ",
        description: "  Rake leaves and carry bags to the van.  ",
        cityId: CITY.tashkent,
        district: "  Yunusobod ",
        address: " Amir Temur 1 ",
        hourlyRate: "",
        skills: ["  raking ", "Raking", "", "  ", "driving"],
        language: "uz",
      }),
      poster.cookie,
    );
    expect(res.status).toBe(200);
    const { id } = res.data as { id: string };
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({
      employerId: poster.id,
      title: "Garden clean-up",
      description: "Rake leaves and carry bags to the van.",
      cityId: CITY.tashkent,
      district: "Yunusobod",
      address: "Amir Temur 1",
      country: "UZ",
      hourlyRate: null,
      skills: ["raking", "driving"],
      language: "uz",
      status: "open",
      maxWorkers: 3,
      currency: "RUB",
    });
  });

  it("saves an empty skill list as none and takes one worker and RUB by default", async () => {
    const { currency: _c, maxWorkers: _w, ...rest } = validJobInput({ skills: ["", " "] });
    const res = await callHttp(t, "mutation", "jobs.create", rest, poster.cookie);
    const [row] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, (res.data as { id: string }).id));
    expect(row).toMatchObject({ skills: null, maxWorkers: 1, currency: "RUB" });
  });

  it("accepts the limits themselves: rate 0 and 10,000, 1 and 7 days, 1 and 100 workers, 3- and 200-character titles", async () => {
    for (const change of [
      { hourlyRate: 0, durationDays: 1, maxWorkers: 1, title: "Mow" },
      { hourlyRate: 10_000, durationDays: 7, maxWorkers: 100, title: "t".repeat(200) },
      {
        hourlyRate: "12.5",
        description: "d".repeat(5000),
        district: "d".repeat(100),
        address: "a".repeat(200),
        skills: ["s".repeat(50)],
      },
    ]) {
      const res = await callHttp(t, "mutation", "jobs.create", validJobInput(change), poster.cookie);
      expect(res.status, JSON.stringify(res.error)).toBe(200);
    }
  });

  it.each([
    ["a 2-character title", { title: "ab" }, "title", ERR.jobTitleMin],
    ["a blank title", { title: "   " }, "title", ERR.jobTitleMin],
    ["a 201-character title", { title: "t".repeat(201) }, "title", ERR.jobTitleTooLong],
    ["a 9-character description", { description: "too short" }, "description", ERR.jobDescriptionMin],
    ["a 5001-character description", { description: "d".repeat(5001) }, "description", ERR.jobDescriptionTooLong],
    ["no category", { category: "" as never }, "category", ERR.jobCategoryRequired],
    ["an unknown category", { category: "piracy" as never }, "category", ERR.jobCategoryRequired],
    ["no city", { cityId: "" as never }, "cityId", ERR.jobCityRequired],
    ["a city that is not a number", { cityId: "Kazan" as never }, "cityId", ERR.jobCityRequired],
    ["a 101-character district", { district: "d".repeat(101) }, "district", ERR.jobDistrictTooLong],
    ["a 201-character address", { address: "a".repeat(201) }, "address", ERR.jobAddressTooLong],
    ["0 days", { durationDays: 0 }, "durationDays", ERR.jobDurationMin],
    ["8 days", { durationDays: 8 }, "durationDays", ERR.jobDurationMax],
    ["1.5 days", { durationDays: 1.5 }, "durationDays", ERR.jobDurationWhole],
    ["a negative rate", { hourlyRate: -1 }, "hourlyRate", ERR.jobRateRange],
    ["a rate over 10,000", { hourlyRate: 10_000.01 }, "hourlyRate", ERR.jobRateRange],
    ["a rate that is not a number", { hourlyRate: "cheap" }, "hourlyRate", ERR.jobRateRange],
    ["a rate finer than 0.01", { hourlyRate: 12.345 }, "hourlyRate", ERR.jobRateStep],
    ["0 workers", { maxWorkers: 0 }, "maxWorkers", ERR.jobWorkersMin],
    ["101 workers", { maxWorkers: 101 }, "maxWorkers", ERR.jobWorkersMax],
    ["2.5 workers", { maxWorkers: 2.5 }, "maxWorkers", ERR.jobWorkersWhole],
    ["a start date yesterday", { startDate: daysAgo(2) }, "startDate", ERR.jobStartDatePast],
    ["no start date", { startDate: "" }, "startDate", ERR.jobStartDateRequired],
    ["an impossible start date", { startDate: "2031-02-30" }, "startDate", ERR.jobStartDateInvalid],
    ["a start time of 24:00", { startTime: "24:00" }, "startTime", ERR.jobStartTimeInvalid],
    ["a start time with seconds", { startTime: "08:00:00" }, "startTime", ERR.jobStartTimeInvalid],
    ["a start time in words", { startTime: "eight" }, "startTime", ERR.jobStartTimeInvalid],
    ["a 51-character skill", { skills: ["ok", "s".repeat(51)] }, "skills", ERR.skillTooLong],
    ["too many skills", { skills: Array.from({ length: MAX_SKILLS + 1 }, (_, i) => `skill ${i}`) }, "skills", ERR.skillsTooMany],
    ["an unknown currency", { currency: "BTC" as never }, "currency", ERR.jobCurrencyInvalid],
    ["an unknown time zone", { timeZone: "Mars/Olympus" }, "timeZone", ERR.timeZoneInvalid],
    ["an unknown language", { language: "xx" as never }, "language", ERR.languageInvalid],
  ])("refuses %s with its message (400, nothing written)", async (_name, change, field, key) => {
    const before = await t.db.$count(jobs);
    const res = await callHttp(t, "mutation", "jobs.create", validJobInput(change), poster.cookie);
    expect(res.status).toBe(400);
    expect(res.error?.messageKey).toBe(key);
    expect(res.error?.fieldErrors?.[field]).toBe(key);
    expect(await t.db.$count(jobs)).toBe(before);
  });

  it("keeps the shift's start time, shows it on the job page, changes and clears it on edit", async () => {
    const me = t.callerAs(poster.id);
    const { id } = await me.jobs.create(validJobInput({ startTime: " 08:30 " }));
    expect((await t.callerAs(null).jobs.byId({ jobId: id })).startTime).toBe("08:30:00");
    await me.jobs.update({ ...validJobInput({ startTime: "21:05" }), jobId: id });
    expect((await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]?.startTime).toBe("21:05:00");
    await me.jobs.update({ ...validJobInput({ startTime: "" }), jobId: id });
    expect((await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]?.startTime).toBeNull();
    const { id: untimed } = await me.jobs.create(validJobInput());
    expect((await t.callerAs(null).jobs.byId({ jobId: untimed })).startTime).toBeNull();
  });

  it("lets workers apply for some days only on a job of two days or more (docs/decisions/035)", async () => {
    const me = t.callerAs(poster.id);
    const partialOf = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]?.partialDays;
    const twoDays = await me.jobs.create(validJobInput({ durationDays: 2, partialDays: true }));
    expect(await partialOf(twoDays.id)).toBe(true);
    const oneDay = await me.jobs.create(validJobInput({ durationDays: 1, partialDays: true }));
    expect(await partialOf(oneDay.id)).toBe(false);
    const unsaid = await me.jobs.create(validJobInput());
    expect(await partialOf(unsaid.id)).toBe(false);
  });

  it("refuses a city the gazetteer does not hold (400, nothing written)", async () => {
    const before = await t.db.$count(jobs);
    const res = await callHttp(t, "mutation", "jobs.create", validJobInput({ cityId: 999_999_999 }), poster.cookie);
    expect(res.status).toBe(400);
    expect(res.error?.messageKey).toBe(ERR.jobCityUnknown);
    expect(await t.db.$count(jobs)).toBe(before);
  });

  it("judges 'today' in the poster's time zone, not the server's", async () => {
    // Kiritimati (UTC+14) is always at least one calendar day ahead of UTC-12.
    const aheadToday = todayIn("Pacific/Kiritimati");
    const behindToday = todayIn("Etc/GMT+12");
    expect(behindToday < aheadToday).toBe(true);
    const late = await callHttp(
      t,
      "mutation",
      "jobs.create",
      validJobInput({ startDate: behindToday, timeZone: "Pacific/Kiritimati" }),
      poster.cookie,
    );
    expect(late.error?.messageKey).toBe(ERR.jobStartDatePast);
    const fine = await callHttp(
      t,
      "mutation",
      "jobs.create",
      validJobInput({ startDate: behindToday, timeZone: "Etc/GMT+12" }),
      poster.cookie,
    );
    expect(fine.status).toBe(200);
    const early = await callHttp(
      t,
      "mutation",
      "jobs.create",
      validJobInput({ startDate: aheadToday, timeZone: "Pacific/Kiritimati" }),
      poster.cookie,
    );
    expect(early.status).toBe(200);
  });

  it("refuses a visitor without a session (401) and writes nothing", async () => {
    const before = await t.db.$count(jobs);
    const res = await callHttp(t, "mutation", "jobs.create", validJobInput());
    expect(res.status).toBe(401);
    expect(res.error?.messageKey).toBe(ERR.unauthorized);
    expect(await t.db.$count(jobs)).toBe(before);
  });
});

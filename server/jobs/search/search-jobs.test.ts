import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob, dateFromToday, type NewJob } from "../../../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../../../db/factories/users.ts";
import { jobs, ratings } from "../../../db/schema/index.ts";
import type { JobSearchInput } from "../../../domain/job-filters.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
let rated: { id: string };
let onceRated: { id: string };
let unrated: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  rated = await createEmployer(t.db, { fullName: "Rated Employer", companyName: "Five Stars Ltd" });
  onceRated = await createEmployer(t.db, { fullName: "Once Rated", companyName: null });
  unrated = await createEmployer(t.db, { fullName: "New Employer" });
  // Reviews come from workers on completed jobs; those jobs are not open, so they never show up below.
  const [w1, w2] = [await createWorker(t.db), await createWorker(t.db)];
  const doneA = await createJob(t.db, rated.id, { status: "completed", title: "Old finished work" });
  const doneB = await createJob(t.db, onceRated.id, { status: "completed", title: "Old finished work" });
  await t.db.insert(ratings).values([
    { jobId: doneA.id, fromUserId: w1.id, toUserId: rated.id, rating: 5 },
    { jobId: doneA.id, fromUserId: w2.id, toUserId: rated.id, rating: 4 },
    { jobId: doneB.id, fromUserId: w1.id, toUserId: onceRated.id, rating: 3 },
    // A rating the employer gave a worker is not the employer's rating.
    { jobId: doneA.id, fromUserId: rated.id, toUserId: w1.id, rating: 1 },
  ]);
  // Background: more than a page of unrelated open jobs, so matches must be found among many.
  for (let i = 0; i < 25; i++)
    await createJob(t.db, unrated.id, { title: `Filler job number ${i}`, description: "Ordinary work for ordinary people." });
});
afterAll(() => t.close());

const search = (input: JobSearchInput) => t.callerAs(null).jobs.search(input);
const ids = async (input: JobSearchInput) => (await search(input)).items.map((j) => j.id).sort();
const make = (input: NewJob, employerId = unrated.id) => createJob(t.db, employerId, input);

/** Every item of every page of a search, following the cursor to the end. */
async function allPages(input: JobSearchInput) {
  const seen: string[] = [];
  const sizes: number[] = [];
  let cursor: JobSearchInput["cursor"] = null;
  for (let guard = 0; guard < 50; guard++) {
    const page = await search({ ...input, cursor });
    if (cursor) expect(page.total).toBeNull();
    seen.push(...page.items.map((j) => j.id));
    sizes.push(page.items.length);
    if (!page.nextCursor) return { seen, sizes };
    cursor = page.nextCursor;
  }
  throw new Error("pagination did not end");
}

describe("text search", () => {
  it("matches title, description, district and skills in any letter case, among more than 20 jobs", async () => {
    const title = await make({ title: "ZEBRA crossing guard" });
    const description = await make({ description: "Feed the Quokka family at the zoo every morning." });
    const location = await make({ district: "Vladivostok port" });
    const skills = await make({ skills: ["Forklift", "KAYAKING"] });
    await make({ title: "Zebra painting", status: "cancelled" });
    expect(await ids({ q: "zebra" })).toEqual([title.id]);
    expect(await ids({ q: "QUOKKA" })).toEqual([description.id]);
    expect(await ids({ q: "vLaDiVoStOk" })).toEqual([location.id]);
    expect(await ids({ q: "kayak" })).toEqual([skills.id]);
    expect((await search({ q: "zebra" })).total).toBe(1);
  });

  it("matches Cyrillic text regardless of case, best match first", async () => {
    const job = await make({ title: "Грузчик на склад", district: "Лефортово" });
    expect((await search({ q: "ГРУЗЧИК" })).items[0]?.id).toBe(job.id);
    expect((await search({ q: "грузчик на СКЛАД" })).items[0]?.id).toBe(job.id);
  });

  it("takes %, _, \\ and quotes in the search text as plain text, never as syntax", async () => {
    const percent = await make({ title: "100% organic farm work" });
    const backslash = await make({ title: "Fix the C:\\temp folder" });
    expect((await search({ q: "100% organic" })).items[0]?.id).toBe(percent.id);
    expect((await search({ q: "c:\\temp folder" })).items[0]?.id).toBe(backslash.id);
    for (const q of ["%%", "_", "\\", "' or 1=1 --", '"unclosed', "a & | ! <-> :*", "()"])
      await expect(search({ q })).resolves.toMatchObject({ items: expect.any(Array) });
  });

  it("ignores surrounding spaces and treats blank text as no text", async () => {
    const job = await make({ title: "Unique walrus keeper" });
    expect(await ids({ q: "  walrus  " })).toEqual([job.id]);
    const all = await search({ q: "   " });
    expect(all.total).toBe(await t.db.$count(jobs, sql`${jobs.status} = 'open'`));
  });
});

describe("filters", () => {
  it("puts each rate in exactly one price bracket: 300 ₽ is '300 to under 500', 500 '500 and over', no rate is negotiable", async () => {
    // Rouble jobs read in roubles: the rouble edges as stored (conversion: search-price.test.ts).
    const byRate = new Map<number | null, string>();
    for (const rate of [0, 299.99, 300, 499.99, 500, 9999, null])
      byRate.set(rate, (await make({ title: "Ratecheck job", hourlyRate: rate })).id);
    const pick = (...rates: (number | null)[]) => rates.map((r) => byRate.get(r)).sort();
    expect(await ids({ q: "ratecheck", price: "low", currency: "RUB" })).toEqual(pick(0, 299.99));
    expect(await ids({ q: "ratecheck", price: "mid", currency: "RUB" })).toEqual(pick(300, 499.99));
    expect(await ids({ q: "ratecheck", price: "high", currency: "RUB" })).toEqual(pick(500, 9999));
    expect(await ids({ q: "ratecheck", price: "negotiable", currency: "RUB" })).toEqual(pick(null));
  });

  it("buckets durations as 1, 2–3 and 4–7 days", async () => {
    const byDays = new Map<number, string>();
    for (const days of [1, 2, 3, 4, 7]) byDays.set(days, (await make({ title: "Durcheck job", durationDays: days })).id);
    const pick = (...days: number[]) => days.map((d) => byDays.get(d)).sort();
    expect(await ids({ q: "durcheck", duration: "1" })).toEqual(pick(1));
    expect(await ids({ q: "durcheck", duration: "2-3" })).toEqual(pick(2, 3));
    expect(await ids({ q: "durcheck", duration: "4-7" })).toEqual(pick(4, 7));
  });

  it("matches the exact start day, and the category", async () => {
    await make({ title: "Datecheck job", startDate: dateFromToday(10) });
    const exact = await make({ title: "Datecheck job", startDate: dateFromToday(11), category: "retail" });
    await make({ title: "Datecheck job", startDate: dateFromToday(12) });
    await make({ title: "Datecheck job", startDate: dateFromToday(11), category: "cleaning" });
    expect(await ids({ q: "datecheck", startDate: dateFromToday(11), category: "retail" })).toEqual([exact.id]);
    expect(await ids({ q: "datecheck", startDate: dateFromToday(11) })).toHaveLength(2);
    expect(await ids({ q: "datecheck", category: "retail" })).toEqual([exact.id]);
  });

  it("combines every filter with the text, and counts only what matches", async () => {
    const hit = await make({
      title: "Combocheck",
      category: "catering",
      durationDays: 3,
      startDate: dateFromToday(4),
      hourlyRate: 400,
    });
    await make({ title: "Combocheck", category: "catering", durationDays: 3, startDate: dateFromToday(4), hourlyRate: 500 });
    await make({ title: "Combocheck", category: "catering", durationDays: 4, startDate: dateFromToday(4), hourlyRate: 400 });
    const page = await search({
      q: "combocheck",
      category: "catering",
      duration: "2-3",
      startDate: dateFromToday(4),
      price: "mid",
      currency: "RUB",
    });
    expect(page.items.map((j) => j.id)).toEqual([hit.id]);
    expect(page.total).toBe(1);
  });

  it("refuses unknown filter values as bad input", async () => {
    await expect(search({ price: "free" as never })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(search({ duration: "8" as never })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(search({ startDate: "tomorrow" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("pagination", () => {
  it("returns every open job exactly once across pages, newest first, 20 at a time", async () => {
    const { seen, sizes } = await allPages({});
    const open = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.status} = 'open'`);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(open.map((j) => j.id).sort());
    expect(sizes.slice(0, -1).every((s) => s === 20)).toBe(true);
    const first = await search({});
    const times = first.items.map((j) => j.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.total).toBe(open.length);
  });

  it("keeps jobs with identical created_at apart by id: 45 matches come as 20, 20 and 5", async () => {
    const same = new Date("2025-05-05T05:05:05.000Z");
    const made = [];
    for (let i = 0; i < 45; i++) made.push((await make({ title: `Axolotl ${i}`, createdAt: same })).id);
    const { seen, sizes } = await allPages({ q: "axolotl" });
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
    expect([...seen].sort()).toEqual(made.sort());
  });

  it("does not repeat or skip jobs created within the same millisecond (microsecond cursor)", async () => {
    for (let i = 0; i < 30; i++) await make({ title: `Mongoose ${i}` });
    await t.db.execute(
      sql`update jobs set created_at = '2025-06-01T00:00:00Z'::timestamptz + (random() * 900)::int * interval '1 microsecond' where title like 'Mongoose%'`,
    );
    const { seen } = await allPages({ q: "mongoose" });
    expect(new Set(seen).size).toBe(30);
    expect(seen).toHaveLength(30);
  });

  it("is not disturbed by a job posted between two pages", async () => {
    for (let i = 0; i < 25; i++) await make({ title: `Narwhal ${i}` });
    const first = await search({ q: "narwhal" });
    await make({ title: "Narwhal newest" });
    const second = await search({ q: "narwhal", cursor: first.nextCursor });
    const seen = [...first.items, ...second.items].map((j) => j.id);
    expect(new Set(seen).size).toBe(25);
    expect(second.nextCursor).toBeNull();
  });
});

describe("employer display and rating", () => {
  it("aggregates each employer's average and count in the same result, and none for an unrated employer", async () => {
    await make({ title: "Ratingcheck A" }, rated.id);
    await make({ title: "Ratingcheck B" }, onceRated.id);
    await make({ title: "Ratingcheck C" }, unrated.id);
    const page = await search({ q: "ratingcheck" });
    const byTitle = Object.fromEntries(page.items.map((j) => [j.title, j]));
    expect(byTitle["Ratingcheck A"]).toMatchObject({
      employerRating: { average: 4.5, count: 2 },
      employerCompanyName: "Five Stars Ltd",
      employerFullName: "Rated Employer",
    });
    expect(byTitle["Ratingcheck B"]).toMatchObject({
      employerRating: { average: 3, count: 1 },
      employerCompanyName: null,
      employerFullName: "Once Rated",
    });
    expect(byTitle["Ratingcheck C"]).toMatchObject({ employerRating: { average: null, count: 0 } });
  });

  it("returns what a card shows, with numbers and dates typed", async () => {
    await make({ title: "Shapecheck", hourlyRate: 12.5, skills: ["a", "b", "c", "d"], currency: "EUR" });
    const [job] = (await search({ q: "shapecheck" })).items;
    expect(job).toMatchObject({ hourlyRate: 12.5, currency: "EUR", skills: ["a", "b", "c", "d"], durationDays: 2 });
    expect(job?.createdAt).toBeInstanceOf(Date);
    expect(typeof job?.startDate).toBe("string");
  });
});

describe("the home list's first page, read once for requests that ask together", () => {
  it("never answers a request without a job published before it asked", async () => {
    const reading = Promise.all([search({}), search({}), search({})]);
    const published = await make({ title: "Published while the list was being read" });
    const [before, after] = await Promise.all([reading, Promise.all([search({}), search({}), search({})])]);
    for (const page of [...before, ...after]) expect(page.items).toHaveLength(20);
    // Asked while the first requests' reads may still be under way, yet after the job was published.
    for (const page of after) expect(page.items[0]?.id).toBe(published.id);
  });
});

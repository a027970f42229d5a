import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";

import { CATEGORIES } from "../../domain/categories.ts";
import { canPayThroughDaywork } from "../../domain/pay-mode.ts";
import type { JobStatus } from "../../domain/statuses.ts";
import type { Database } from "../database.ts";
import { personRows } from "../factories/users.ts";
import {
  chatMessages,
  cities,
  conversationParticipants,
  conversations,
  jobApplications,
  jobs,
  profiles,
  ratings,
  shiftAttendance,
  user,
  userInterests,
} from "../schema/index.ts";
import { refreshSpellingDictionary } from "../search-words.ts";
import type { CountryContent } from "./content-types.ts";
import { countries, personName } from "./content.ts";
import { linesFor } from "./conversation-lines.ts";
import { createRandom, type Random } from "./random.ts";
import { workedDays } from "./worked-days.ts";

export type SeedOptions = { users: number; jobs: number; seed?: number; log?: (message: string) => void };
export type SeedCounts = { users: number; jobs: number; applications: number; ratings: number; messages: number };

type Person = { id: string; country: CountryContent; type: "worker" | "employer" };
type PlannedJob = Omit<typeof jobs.$inferInsert, "country"> & { id: string; market: CountryContent };

const DAY = 86_400_000;
const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function phoneFor(country: CountryContent, r: Random): string {
  const digits = (n: number) => Array.from({ length: n }, () => r.int(0, 9)).join("");
  switch (country.code) {
    case "RU":
    case "KZ":
      return `+7 9${digits(2)} ${digits(3)}-${digits(2)}-${digits(2)}`;
    case "UZ":
      return `+998 9${digits(1)} ${digits(3)} ${digits(2)} ${digits(2)}`;
    case "TM":
      return `+993 6${digits(1)} ${digits(6)}`;
    case "DE":
      return `+49 15${digits(1)} ${digits(7)}`;
    case "FR":
      return `+33 6 ${digits(2)} ${digits(2)} ${digits(2)} ${digits(2)}`;
    case "ES":
      return `+34 6${digits(2)} ${digits(3)} ${digits(3)}`;
  }
}

/**
 * The gazetteer id of each demo city, per country: a city's local name matched against its names in
 * every language, the most populous city of that name first. A demo city the gazetteer lacks is a bug.
 */
export async function demoCityIds(db: Database): Promise<Map<string, number[]>> {
  // "Baýramaly" is GeoNames' "Bayramaly", "Margʻilon" its "Marg‘ilon": compared without accents and apostrophes.
  const plain = (name: string) =>
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f'’‘ʻ`]/g, "")
      .toLowerCase();
  const codes = countries.map((c) => c.code);
  const rows = await db
    .select({ id: cities.id, country: cities.country, names: cities.names, population: cities.population })
    .from(cities)
    .where(inArray(cities.country, codes));
  rows.sort((a, b) => b.population - a.population);
  const ids = new Map<string, number[]>();
  for (const country of countries) {
    const found = country.cities.map((name) => {
      const wanted = plain(name);
      const city = rows.find(
        (c) => c.country === country.code && Object.values(c.names).some((n) => n !== undefined && plain(n) === wanted),
      );
      if (!city) throw new Error(`demo city ${name} (${country.code}) is not in the gazetteer`);
      return city.id;
    });
    ids.set(country.code, found);
  }
  return ids;
}

function statusFor(r: Random): JobStatus {
  const x = r.next();
  return x < 0.7 ? "open" : x < 0.8 ? "in_progress" : x < 0.95 ? "completed" : "cancelled";
}

/**
 * Fills a database with a realistic marketplace: people of every country we serve, jobs of every
 * category and status written in the country's language, applications within capacity, group chats
 * with messages, and reviews on completed jobs. Deterministic for a given seed.
 */
export async function seedMarketplace(db: Database, options: SeedOptions): Promise<SeedCounts> {
  const r = createRandom(options.seed ?? 20261121);
  const log = options.log ?? (() => {});
  const now = Date.now();

  const people: Person[] = [];
  const userRows: (typeof user.$inferInsert)[] = [];
  const profileRows: (typeof profiles.$inferInsert)[] = [];
  const interestRows: (typeof userInterests.$inferInsert)[] = [];
  for (let i = 0; i < options.users; i++) {
    const country = r.pick(countries);
    const type = i === 0 ? "employer" : i === 1 ? "worker" : r.chance(0.3) ? "employer" : "worker";
    const gender = r.chance(0.5) ? "m" : "f";
    const first = r.pick(gender === "m" ? country.maleFirstNames : country.femaleFirstNames);
    const fullName = personName(country, gender, first, r.pick(country.lastNames));
    const createdAt = new Date(now - r.int(20, 240) * DAY);
    const rows = personRows({
      fullName,
      email: `${randomUUID().slice(0, 8)}.${country.code.toLowerCase()}@example.com`,
      userType: type,
      dateOfBirth: isoDate(now - r.int(19, 60) * 365.25 * DAY),
      bio: r.pick(country.bios[type]),
      location: r.pick(country.cities),
      phone: phoneFor(country, r),
      companyName: type === "employer" && r.chance(0.8) ? r.pick(country.companies) : null,
      currency: country.currency === "RUB" ? (country.code === "KZ" ? "KZT" : "RUB") : "EUR",
      privacyProfileVisible: r.chance(0.92),
      privacyShowEmail: r.chance(0.2),
      createdAt,
    });
    people.push({ id: rows.user.id, country, type });
    userRows.push(rows.user);
    profileRows.push(rows.profile);
    if (type === "worker") {
      const skills = new Set(r.sample(Object.values(country.jobs).flat(), 3).flatMap((t) => t.skills));
      for (const interest of [...skills].slice(0, r.int(1, 4))) interestRows.push({ userId: rows.user.id, interest });
    }
  }
  await insertInBatches(userRows, (b) => db.insert(user).values(b));
  await insertInBatches(profileRows, (b) => db.insert(profiles).values(b));
  await insertInBatches(interestRows, (b) => db.insert(userInterests).values(b).onConflictDoNothing());
  log(`seeded ${people.length} people`);

  const employers = people.filter((p) => p.type === "employer");
  const workersByCountry = new Map<string, Person[]>();
  for (const p of people.filter((x) => x.type === "worker")) {
    workersByCountry.set(p.country.code, [...(workersByCountry.get(p.country.code) ?? []), p]);
  }
  const allWorkers = people.filter((p) => p.type === "worker");

  const cityIds = await demoCityIds(db);
  const jobRows: PlannedJob[] = [];
  for (let i = 0; i < options.jobs; i++) {
    const employer = r.pick(employers);
    const country = employer.country;
    const category = CATEGORIES[i % CATEGORIES.length] ?? "other";
    const template = r.pick(country.jobs[category]);
    const status = statusFor(r);
    const createdAt = new Date(now - r.int(0, 60 * 24) * 3_600_000);
    const startOffset = status === "completed" ? -r.int(8, 40) : status === "in_progress" ? -r.int(0, 3) : r.int(1, 30);
    // Days that agree with the status (docs/decisions/048): a job under way has days left, in every time
    // zone (a start "today" in UTC may be yesterday east of it); a completed one's are all over.
    const durationDays = status === "in_progress" ? Math.min(7, Math.max(r.int(1, 7), 2 - startOffset)) : r.int(1, 7);
    const [lo, hi] = country.rateRange;
    const hourlyRate = r.chance(0.15) ? null : Math.round((lo + r.next() * (hi - lo)) * 2) / 2;
    // Every other job that can be paid through Daywork is (docs/decisions/078), the rest directly; decided
    // without drawing from the generator, so the rest of a seeded marketplace stays as it was.
    const payable = canPayThroughDaywork({ hourlyRate, currency: country.currency });
    jobRows.push({
      id: randomUUID(),
      market: country,
      employerId: employer.id,
      title: template.title,
      description: template.description,
      // The first city of each country (its capital or largest) holds a good share of the jobs, as in life.
      cityId: r.chance(0.35) ? (cityIds.get(country.code)?.[0] ?? 0) : r.pick(cityIds.get(country.code) ?? []),
      category,
      skills: template.skills.length ? template.skills : null,
      durationDays,
      startDate: isoDate(now + startOffset * DAY),
      hourlyRate,
      currency: country.currency,
      payMode: payable && i % 2 === 0 ? "through_daywork" : "direct",
      maxWorkers: r.chance(0.6) ? r.int(1, 3) : r.int(4, 10),
      status,
      language: country.language,
      createdAt,
      updatedAt: createdAt,
    });
  }

  const applicationRows: (typeof jobApplications.$inferInsert)[] = [];
  const conversationRows: (typeof conversations.$inferInsert)[] = [];
  const participantRows: (typeof conversationParticipants.$inferInsert)[] = [];
  const messageRows: (typeof chatMessages.$inferInsert)[] = [];
  const ratingRows: (typeof ratings.$inferInsert)[] = [];
  const attendanceRows: (typeof shiftAttendance.$inferInsert)[] = [];
  for (const job of jobRows) {
    const pool = workersByCountry.get(job.market.code) ?? allWorkers;
    const applicants = r.sample(pool.length >= 3 ? pool : allWorkers, r.int(0, Math.min(6, pool.length)));
    const capacity = job.maxWorkers ?? 1;
    const wantsAccepted = job.status === "open" ? r.int(0, 1) : job.status === "cancelled" ? 0 : r.int(1, capacity);
    const accepted: Person[] = [];
    const jobCreated = (job.createdAt as Date).getTime();
    for (const worker of applicants) {
      const isAccepted = accepted.length < Math.min(capacity, wantsAccepted);
      const status = isAccepted ? "accepted" : job.status === "open" ? "pending" : r.chance(0.5) ? "rejected" : "pending";
      if (isAccepted) accepted.push(worker);
      const at = new Date(jobCreated + r.int(1, 48) * 3_600_000);
      const applicationId = randomUUID();
      // A completed job in a worker's history counts in their reliability figures: its days were worked.
      if (isAccepted && job.status === "completed") attendanceRows.push(...workedDays(job, applicationId));
      applicationRows.push({
        id: applicationId,
        jobId: job.id,
        workerId: worker.id,
        status,
        message: r.chance(0.5) ? r.pick(linesFor(job.market.language).chat) : null,
        createdAt: at,
        updatedAt: at,
      });
    }
    job.acceptedCount = accepted.length;
    if (accepted.length === 0) continue;

    const conversationId = randomUUID();
    const lines = linesFor(job.market.language);
    const members = [job.employerId, ...accepted.map((a) => a.id)];
    const openedAt = jobCreated + 50 * 3_600_000;
    let at = openedAt;
    for (const member of members) participantRows.push({ conversationId, userId: member, joinedAt: new Date(openedAt) });
    for (const [index, content] of lines.chat.slice(0, r.int(2, lines.chat.length)).entries()) {
      at += r.int(5, 180) * 60_000;
      const senderId = index % 2 === 0 ? (accepted[0]?.id ?? job.employerId) : job.employerId;
      messageRows.push({ conversationId, senderId, content, createdAt: new Date(at) });
    }
    conversationRows.push({
      id: conversationId,
      jobId: job.id,
      kind: "group",
      createdAt: new Date(openedAt),
      updatedAt: new Date(at),
    });

    if (job.status !== "completed") continue;
    for (const worker of accepted) {
      const createdAt = new Date(at + DAY);
      /** Most participants leave a review (3-5 stars), most of them with a comment. */
      const review = (fromUserId: string, toUserId: string, likelihood: number, comments: readonly string[]) => {
        if (!r.chance(likelihood)) return;
        const rating = r.int(3, 5);
        ratingRows.push({
          jobId: job.id,
          fromUserId,
          toUserId,
          rating,
          comment: r.chance(0.7) ? r.pick(comments) : null,
          createdAt,
        });
      };
      review(job.employerId, worker.id, 0.8, lines.reviewsOfWorkers);
      review(worker.id, job.employerId, 0.7, lines.reviewsOfEmployers);
    }
  }

  await insertInBatches(jobRows, (b) => db.insert(jobs).values(b.map(({ market: _m, ...row }) => row)));
  await insertInBatches(applicationRows, (b) => db.insert(jobApplications).values(b));
  await insertInBatches(conversationRows, (b) => db.insert(conversations).values(b));
  await insertInBatches(participantRows, (b) => db.insert(conversationParticipants).values(b));
  await insertInBatches(messageRows, (b) => db.insert(chatMessages).values(b));
  await insertInBatches(ratingRows, (b) => db.insert(ratings).values(b));
  await insertInBatches(attendanceRows, (b) => db.insert(shiftAttendance).values(b));
  await refreshSpellingDictionary(db);
  log(
    `seeded ${jobRows.length} jobs, ${applicationRows.length} applications, ${messageRows.length} messages, ${ratingRows.length} ratings`,
  );
  return {
    users: people.length,
    jobs: jobRows.length,
    applications: applicationRows.length,
    ratings: ratingRows.length,
    messages: messageRows.length,
  };
}

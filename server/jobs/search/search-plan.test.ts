import { desc, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../../db/database.ts";
import { CITY } from "../../../db/factories/places.ts";
import { createEmployer } from "../../../db/factories/users.ts";
import { openDatabase } from "../../../db/open.ts";
import { plannedEachCall } from "../../../db/planned-each-call.ts";
import { jobs } from "../../../db/schema/index.ts";
import { refreshSpellingDictionary } from "../../../db/search-words.ts";
import type { PageCursor } from "../../../domain/page-cursor.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { matchingJobs } from "./index.ts";
import { resolveOrigin } from "./near.ts";
import type { JobSearch } from "./plan.ts";
import { priceEdgesOf } from "./price-edges.ts";
import { searchJobs, type JobSearchPage } from "./search-jobs.ts";
import { countOf, newestMatchesOf, pageQuery } from "./search-test-kit.ts";
import { shapeOfSearch } from "./shapes.ts";
import { correctionsQuery } from "./spelling.ts";

// The planner only prefers an index when the table is big enough for it to matter: 20,000 jobs, of
// which a tenth are not open, then ANALYZE so the statistics describe them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Jobs of 200 employers, as on a real site: the planner then looks employers' jobs up by index.
  const employers: string[] = [];
  for (let i = 0; i < 200; i++) employers.push((await createEmployer(t.db, { fullName: `Employer Number ${i}` })).id);
  const employer = { id: employers[0] ?? "" };
  await t.db.execute(sql`
    with gazetteer as (select array_agg(id order by id) as ids from cities)
    insert into jobs (employer_id, title, description, city_id, category, skills, duration_days, start_date,
                      hourly_rate, currency, max_workers, status, language, created_at)
    select (${`{${employers.join(",")}}`}::text[])[1 + g % 200],
           (array['Warehouse loader','Office cleaner','Event waiter','Garden helper','Furniture mover'])[1 + g % 5] || ' ' || g,
           -- References of letters and digits, two per job: the spelling dictionary has 40,000 words and more.
           'Shift number ' || g || ': help our team with everyday tasks, tools provided. Ref ref' || g || ', lot lot' || g || '.',
           -- Spread over every city of the gazetteer, as jobs of a real site are.
           gazetteer.ids[1 + g % array_length(gazetteer.ids, 1)],
           (enum_range(null::job_category))[1 + g % 8],
           array['teamwork', 'skill' || (g % 40)],
           1 + g % 7,
           current_date + (g % 30),
           -- Rates as each currency's market has them: hundreds of roubles, thousands of tenge, tens of euros.
           case when g % 9 = 0 then null
                else (array[300, 1500, 20000, 20, 10, 10, 10])[1 + (g / 3) % 7]
                     + (g % 60) * (array[10, 50, 500, 1, 0.5, 0.5, 0.5])[1 + (g / 3) % 7] end,
           (enum_range(null::job_currency))[1 + (g / 3) % 7], 1 + g % 5,
           case when g % 10 = 0 then 'completed' else 'open' end::job_status,
           'ru',
           now() - g * interval '1 minute'
    from generate_series(1, 20000) g, gazetteer`);
  await t.db.execute(sql`
    insert into jobs (employer_id, title, description, city_id, category, duration_days, start_date, language)
    values (${employer.id}, 'Xylophone tuner', 'Tune the school xylophones before the concert.', ${CITY.moscow}, 'other', 1, current_date + 1, 'en')`);
  // VACUUM as autovacuum would: it also merges the GIN pending list, which the planner otherwise prices as a scan.
  await t.db.execute(sql`vacuum analyze jobs`);
  await refreshSpellingDictionary(t.db);
  await t.db.execute(sql`analyze search_words`);
}, 300_000);
afterAll(() => t.close());

/** The plan Postgres chooses for a query, as text (EXPLAIN is sent with the same bound parameters). */
async function planOf(query: SQL | { getSQL(): SQL }): Promise<string> {
  const result = (await t.db.execute(sql`explain ${query}`)) as unknown as
    Record<string, string>[] | { rows: Record<string, string>[] };
  const rows = Array.isArray(result) ? result : result.rows;
  return rows.map((r) => Object.values(r)[0]).join("\n");
}

describe("query plans on 20,000 jobs", () => {
  it("answers a text search from its indexes: word forms, and employers' jobs by employer", async () => {
    for (const plan of [
      await planOf(pageQuery(t.db, { search: { q: "xylophone" } })),
      await planOf(countOf(t.db, { search: { q: "xylophone" } })),
      await planOf(pageQuery(t.db, { search: { q: "xylofone" }, corrected: "xylophone" })),
    ]) {
      expect(plan).toContain("jobs_search_doc");
      expect(plan).not.toMatch(/Seq Scan on jobs/);
    }
  });

  it("corrects a text that finds nothing as written against the dictionary's trigram index, and pages it so", async () => {
    const plan = await planOf(correctionsQuery(["furnitur", "movr"]));
    expect(plan).toContain("search_words_trgm");
    expect(plan).not.toMatch(/Seq Scan/);
    const typo = await found(searchJobs(t.db, { q: "Furnitur movr" }, "en"));
    // "Furnitur" is how search reads "furniture" in English (its stem): a word form, kept as typed.
    expect(typo.corrected).toBe("Furnitur mover");
    expect(typo.total).toBeGreaterThan(20);
    expect(typo.nextCursor?.corrected).toBe("Furnitur mover");
    const next = await found(searchJobs(t.db, { q: "Furnitur movr", cursor: typo.nextCursor }, "en"));
    expect(next.items.length).toBeGreaterThan(0);
    expect(next.items.some((j) => typo.items.some((i) => i.id === j.id))).toBe(false);
    // As written, a text that finds jobs is read as it is.
    expect((await found(searchJobs(t.db, { q: "mover" }, "en"))).corrected).toBeNull();
  });

  it("walks the open-jobs index for the plain newest-first list, on the first and later pages", async () => {
    const plan = await planOf(pageQuery(t.db, { search: {} }));
    expect(plan).toContain("jobs_open_created_idx");
    expect(plan).not.toMatch(/Seq Scan on jobs/);
    const first = await found(searchJobs(t.db, {}, "en"));
    expect(first.items).toHaveLength(20);
    expect({ total: first.total, capped: first.capped }).toEqual({ total: 1000, capped: true });
    const later = await planOf(pageQuery(t.db, { search: { cursor: first.nextCursor } }));
    // Later pages seek straight to the cursor inside the index rather than filtering from the top, and
    // whether a job's days are over is read from the same index (docs/decisions/048).
    expect(later).toMatch(
      /Index Scan using jobs_open_created_idx on jobs[^\n]*\n\s+Index Cond: \(\(ROW\(created_at, id\) <[^\n]*AND \(ends_at > now\(\)\)\)/,
    );
  });

  it("finds the rare job and pages the common ones correctly on the big table", async () => {
    const rare = await found(searchJobs(t.db, { q: "XYLOPHONE" }, "en"));
    expect(rare.items.map((j) => j.title)).toEqual(["Xylophone tuner"]);
    const common = await found(searchJobs(t.db, { q: "warehouse loader", category: "moving" }, "en"));
    // g % 5 = 0 picks the title, g % 8 = 4 the category (enum order), g % 10 <> 0 keeps it open: none are both.
    expect(common.total).toBe(0);
    const movers = await found(searchJobs(t.db, { q: "furniture mover" }, "en"));
    // 4,000 match: the label says "1,000+".
    expect({ total: movers.total, capped: movers.capped }).toEqual({ total: 1000, capped: true });
    expect(movers.items).toHaveLength(20);
  });

  it("answers 'within N km' from the distance index, and counts the same jobs", async () => {
    const tashkent = { lat: 41.26465, lng: 69.21627 };
    for (const plan of [
      await planOf(pageQuery(t.db, { search: { cityId: CITY.tashkent, km: 15 }, origin: tashkent })),
      await planOf(countOf(t.db, { search: { cityId: CITY.tashkent, km: 15 }, origin: tashkent })),
    ]) {
      expect(plan).toContain("jobs_open_earth_idx");
      expect(plan).not.toMatch(/Seq Scan on jobs/);
    }
    const near = await found(searchJobs(t.db, { cityId: CITY.tashkent, km: 15 }, "en"));
    expect(near.total).toBeGreaterThan(0);
    expect(near.items.every((j) => j.distanceKm !== null && j.distanceKm <= 15)).toBe(true);
  });

  it("starts a search near a city from the distance index when the words are common", async () => {
    const kazan = { lat: 55.78874, lng: 49.12214 };
    const plan = await planOf(pageQuery(t.db, { search: { q: "mover", cityId: CITY.kazan, km: 25 }, origin: kazan }));
    expect(plan).toContain("jobs_open_earth_idx");
    expect(plan).not.toMatch(/Seq Scan on jobs/);
  });

  it("ranks the newest 1,000 matches of a common word, the ones its count label counts", async () => {
    // Twins that outrank every other "mover" job: the fresh one first, and the year-old one, which would
    // come second were all 4,000 matches ranked, is not among the newest 1,000. They start tomorrow: today
    // (UTC) is already over in a city east of it in the evening, and an ended job is not listed.
    const twin = (age: string) => sql`
      insert into jobs (employer_id, title, description, city_id, category, duration_days, start_date, language, created_at)
      select employer_id, 'Mover, mover, mover', 'Mover wanted: mover work for a mover.', city_id, 'moving', 1, current_date + 1, 'en', now() - ${age}::interval
      from jobs limit 1 returning id`;
    const insertTwin = async (age: string) => {
      const [row] = await queryRows<{ id: string }>(t.db, twin(age));
      const id = row?.id;
      if (!id) throw new Error("no job inserted");
      return id;
    };
    const fresh = await insertTwin("0 minutes");
    const old = await insertTwin("1 year");
    try {
      const page = await found(searchJobs(t.db, { q: "mover" }, "en"));
      expect(page.items[0]?.id).toBe(fresh);
      expect(page.items.map((j) => j.id)).not.toContain(old);
      const plan = await planOf(pageQuery(t.db, { search: { q: "mover" } }));
      expect(plan).toContain("jobs_open_created_idx");
      expect(plan).not.toMatch(/Seq Scan on jobs/);
      // The thousand are ranked and sorted with their words but without their cards, which are read by
      // id for the page alone: no step of the plan carries a job's words (a column of the step's output,
      // not the rank computed from them) and its card together.
      for (const word of ["mover", "xylophone"]) {
        const outputs = (await planOf(sql`verbose ${pageQuery(t.db, { search: { q: word } })}`))
          .split("\n")
          .filter((line) => line.trim().startsWith("Output:"))
          .map((line) => line.replace(/ts_rank\([\w.]+search_doc/g, "ts_rank("));
        expect(outputs.some((line) => line.includes("search_doc"))).toBe(true);
        for (const line of outputs) expect(line.includes("search_doc") && line.includes("title"), line).toBe(false);
      }
    } finally {
      await t.db.execute(sql`delete from jobs where id in (${fresh}, ${old})`);
    }
  });

  // A statement kept prepared is planned once for all values after five calls (db/planned-each-call.ts):
  // a rare word's plan then served common words, several times slower.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "plans a search's statements that depend on their values for each call, on the pool that never plans once for all",
    async () => {
      const one = await openDatabase({ databaseUrl: t.database.url ?? "", maxConnections: 1 });
      try {
        await found(searchJobs(one.db, {}, "en"));
        for (let i = 0; i < 6; i++) {
          await found(searchJobs(one.db, { q: "xylophone" }, "en"));
          await found(searchJobs(one.db, { category: "cleaning" }, "en"));
          await found(searchJobs(one.db, { price: "mid", currency: "USD" }, "en"));
          await found(searchJobs(one.db, { cityId: CITY.moscow, km: 50, q: "loader" }, "en"));
        }
        const loader = await found(searchJobs(one.db, { q: "loader" }, "en"));
        await found(searchJobs(one.db, { q: "loader", cursor: loader.nextCursor }, "en"));
        const kept = async (db: Parameters<typeof searchJobs>[0]) =>
          (await db.execute(sql`select statement, generic_plans::int as generic from pg_prepared_statements`)) as unknown as {
            statement: string;
            generic: number;
          }[];
        const valued = /search_doc|"category" =|"hourly_rate" >=|earth_box/;
        // The pool of statements planned once: the plain list and a price range's edges, nothing with a text or a filter.
        const once = await kept(one.db);
        expect(once.some((row) => row.statement.includes("exchange_rates"))).toBe(true);
        expect(once.some((row) => row.statement.includes(`"status" = 'open'`))).toBe(true);
        for (const row of once) expect(row.statement).not.toMatch(valued);
        // The texts' and the filters' statements are kept on the other pool, and never planned once for all.
        const eachCall = await kept(plannedEachCall(one.db));
        expect(eachCall.filter((row) => valued.test(row.statement)).length).toBeGreaterThanOrEqual(3);
        // (A statement without parameters, such as postgres.js's own look at the types, has one plan.)
        for (const row of eachCall.filter((r) => r.statement.includes("$1"))) expect(row.generic, row.statement).toBe(0);
      } finally {
        await one.close();
      }
    },
  );

  // The planner takes the alternatives of an OR for independent: the same reading repeated (a word read
  // alike in four configurations) made it guess a word three times as common as it is.
  it("guesses how many jobs a word finds from the word once, not once per configuration that reads it alike", async () => {
    const [{ jobs: actual }] = (await queryRows(
      t.db,
      sql`select count(*)::int as jobs from jobs where status = 'open' and search_doc @@ daywork_search_query('loader')`,
    )) as [{ jobs: number }];
    const guess = async (query: SQL) =>
      Number(/rows=(\d+)/.exec(await planOf(sql`select id from jobs where status = 'open' and search_doc @@ (${query})`))?.[1]);
    const readings = ["simple", "english", "russian", "german", "french", "spanish"].map(
      (config) => sql`websearch_to_tsquery(${sql.raw(`'${config}'`)}::regconfig, 'loader')`,
    );
    const repeated = await guess(sql.join(readings, sql` || `));
    const distinct = await guess(sql`daywork_search_query('loader')`);
    expect(actual).toBeGreaterThan(1000);
    // 4,000 jobs have it; repeated, the guess was 15,883, once each 9,180 ('loader' | 'load', both in those jobs).
    expect(distinct / actual).toBeLessThan(2.5);
    expect(distinct).toBeLessThan(0.6 * repeated);
  });

  it("answers the country filter from its index", async () => {
    const plan = await planOf(pageQuery(t.db, { search: { country: "TM" } }));
    expect(plan).toContain("jobs_open_country_created_idx");
    expect(plan).not.toMatch(/Seq Scan on jobs/);
  });
});

/** A search's page, failing the test when it was refused. */
async function found<T>(result: Promise<T>): Promise<Exclude<T, { ok: false }>> {
  const page = await result;
  if (page && typeof page === "object" && "ok" in page) throw new Error(`refused: ${JSON.stringify(page)}`);
  return page as Exclude<T, { ok: false }>;
}

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

/** What a statement read when run (EXPLAIN ANALYZE): entries of jobs and its indexes, and rows sorted. */
async function readsOf(query: SQL | { getSQL(): SQL }) {
  const result = (await t.db.execute(sql`explain (analyze, format json) ${query}`)) as unknown as
    Record<string, unknown>[] | { rows: Record<string, unknown>[] };
  const cell = Object.values((Array.isArray(result) ? result : result.rows)[0] ?? {})[0];
  const [top] = (typeof cell === "string" ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
  let read = 0;
  let sorted = 0;
  const nodes: string[] = [];
  const walk = (node: PlanNode) => {
    const loops = node["Actual Loops"];
    if (node["Relation Name"] === "jobs" || node["Index Name"]?.startsWith("jobs_")) {
      read +=
        (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) * loops;
      nodes.push(`${node["Node Type"]}${node["Index Name"] ? ` ${node["Index Name"]}` : ""}`);
    }
    if (/Sort/.test(node["Node Type"]))
      for (const child of node.Plans ?? []) sorted = Math.max(sorted, child["Actual Rows"] * child["Actual Loops"]);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(top.Plan);
  return { read, sorted, nodes };
}

/** A search's statements as searchJobs sends them: the point, the price edges, then the count and the page. */
async function statementsOf(filters: JobSearch) {
  const origin = await resolveOrigin(t.db, filters);
  if (origin === "unknown") throw new Error("unknown city");
  const priceEdges = await priceEdgesOf(t.db, filters);
  const ranked = Boolean(filters.q);
  const [matches] = ranked ? [] : await newestMatchesOf(t.db, { search: filters, origin, priceEdges });
  const ids = matches?.newest ?? null;
  return {
    count: ranked
      ? countOf(t.db, { search: filters, origin, priceEdges })
      : newestMatchesOf(t.db, { search: filters, origin, priceEdges }),
    page: ids?.length === 0 ? null : pageQuery(t.db, { search: filters, origin, pageSize: 20, priceEdges, ids }),
  };
}

/** The open jobs matching the filters, newest first, by the plain conditions: no index help, no edges, no cap. */
async function reference(filters: JobSearch): Promise<string[]> {
  const origin = await resolveOrigin(t.db, filters);
  if (origin === "unknown") throw new Error("unknown city");
  const rows = await t.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(matchingJobs({ filters, origin }))
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
  return rows.map((r) => r.id);
}

const OPEN_JOBS = 18_001;
const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
// Every filter of the home page alone, and the pairs people combine; prices in currencies where a bucket
// holds many jobs, some, or none (15 roubles an hour is no wage: nothing is "under 15" in roubles).
const FILTERS: [string, JobSearch][] = [
  ["nothing", {}],
  ["a category", { category: "cleaning" }],
  ["one day", { duration: "1" }],
  ["4 to 7 days", { duration: "4-7" }],
  ["a start date", { startDate: day }],
  ["15 to 25 dollars", { price: "mid", currency: "USD" }],
  ["under 300 roubles", { price: "low", currency: "RUB" }],
  ["500 roubles and over", { price: "high", currency: "RUB" }],
  ["25 euros and over", { price: "high", currency: "EUR" }],
  ["negotiable", { price: "negotiable" }],
  ["a small country", { country: "TM" }],
  ["a large country", { country: "RU" }],
  ["within 15 km", { cityId: CITY.tashkent, km: 15 }],
  ["within 50 km", { cityId: CITY.moscow, km: 50 }],
  ["category and duration", { category: "cleaning", duration: "2-3" }],
  ["category and price", { category: "cleaning", price: "mid", currency: "USD" }],
  ["category and country", { category: "cleaning", country: "KZ" }],
  ["category and distance", { category: "cleaning", cityId: CITY.moscow, km: 50 }],
  ["category and start date", { category: "cleaning", startDate: day }],
  ["duration and price", { duration: "2-3", price: "mid", currency: "USD" }],
  ["duration and country", { duration: "1", country: "DE" }],
  ["price and country", { price: "high", currency: "EUR", country: "DE" }],
  ["price and distance", { price: "mid", currency: "USD", cityId: CITY.moscow, km: 50 }],
  ["price and start date", { price: "mid", currency: "USD", startDate: day }],
  ["category, duration and price", { category: "cleaning", duration: "2-3", price: "mid", currency: "USD" }],
  ["a rare word and a category", { q: "xylophone", category: "other" }],
];

// PGlite (PostgreSQL 17) and Postgres 15 choose the same indexes for all of these; only the way they
// sort an ordered aggregate differs (PGlite shows it as a Sort of the at most 1,001 matches).
describe("the home list's filters on 20,000 jobs", () => {
  it("counts exactly up to 1,000, and above says only 'more', without reading further", async () => {
    const all = await found(searchJobs(t.db, {}, "en"));
    expect({ total: all.total, capped: all.capped }).toEqual({ total: 1000, capped: true });
    expect((await readsOf(countOf(t.db, { search: {} }))).read).toBeLessThanOrEqual(1001);
    const cleaning = await statementsOf({ category: "cleaning" });
    expect((await readsOf(cleaning.count)).read).toBeLessThanOrEqual(1001);

    const few = await found(searchJobs(t.db, { country: "TM" }, "en"));
    expect(few.capped).toBe(false);
    expect(few.total).toBe((await reference({ country: "TM" })).length);
    expect(few.total).toBeGreaterThan(20);
  });

  it.each(FILTERS)(
    "reads %s from indexes, never all open jobs, and finds what the plain conditions find",
    async (_name, filters) => {
      const { count, page } = await statementsOf(filters);
      for (const statement of page ? [count, page] : [count]) {
        const reads = await readsOf(statement);
        expect(reads.nodes.join(", ")).not.toMatch(/Seq Scan/);
        expect(reads.read).toBeLessThan(OPEN_JOBS / 2);
        // A top-N sort of a page, or of the matches when at most the cap match; never of every open job.
        expect(reads.sorted).toBeLessThanOrEqual(1001);
      }
      const expected = await reference(filters);
      const first = await found(searchJobs(t.db, filters, "en"));
      expect(first.items.map((j) => j.id)).toEqual(expected.slice(0, 20));
      expect({ total: first.total, capped: first.capped }).toEqual({
        total: Math.min(expected.length, 1000),
        capped: expected.length > 1000,
      });
    },
  );

  // A search without a text is one statement per shape, kept, its values bound (shapes.ts, prepared-statements.ts): a
  // value built into the kept statement would answer the next search of the shape with the first one's.
  it("answers each search of a shape with its own values from the one statement kept for the shape", async () => {
    const later = day.replace(/\d\d$/, (d) => String((Number(d) % 28) + 1).padStart(2, "0"));
    const pairs: [JobSearch, JobSearch][] = [
      [{ category: "cleaning" }, { category: "moving" }],
      [
        { category: "cleaning", country: "KZ" },
        { category: "moving", country: "RU" },
      ],
      [{ startDate: day }, { startDate: later }],
      [
        { cityId: CITY.tashkent, km: 50 },
        { cityId: CITY.moscow, km: 50 },
      ],
      [
        { price: "high", currency: "RUB" },
        { price: "high", currency: "EUR" },
      ],
      [
        { category: "cleaning", price: "mid", currency: "USD" },
        { category: "moving", price: "mid", currency: "KZT" },
      ],
    ];
    for (const pair of pairs) {
      const shapes = await Promise.all(
        pair.map(async (filters) => {
          const origin = await resolveOrigin(t.db, filters);
          if (origin === "unknown") throw new Error("unknown city");
          return shapeOfSearch({ search: filters, origin, priceEdges: await priceEdgesOf(t.db, filters), pageSize: 20 });
        }),
      );
      expect(shapes[0]?.key, JSON.stringify(pair)).toBe(shapes[1]?.key);
      expect(shapes[0]?.values).not.toEqual(shapes[1]?.values);
      for (const filters of pair) {
        const expected = await reference(filters);
        const first = await found(searchJobs(t.db, filters, "en"));
        expect(
          first.items.map((j) => j.id),
          JSON.stringify(filters),
        ).toEqual(expected.slice(0, 20));
        expect(first.total).toBe(Math.min(expected.length, 1000));
        if (first.nextCursor) {
          const next = await found(searchJobs(t.db, { ...filters, cursor: first.nextCursor }, "en"));
          expect(next.items.map((j) => j.id)).toEqual(expected.slice(20, 40));
        }
      }
    }
  });

  it("answers each text with its own words from the one statement kept for texts, page after page", async () => {
    // Built for the search's own values, no statement kept: what the kept one must answer.
    const fresh = async (search: JobSearch, corrected: string | null = null) =>
      (await pageQuery(t.db, { search, corrected })).slice(0, 20).map((j) => j.id);
    const shapes = ["xylophone", "LOADER", "employer number 7"].map((q) =>
      shapeOfSearch({ search: { q }, origin: null, priceEdges: null, pageSize: 20 }),
    );
    expect(new Set(shapes.map((shape) => shape.key)).size).toBe(1);
    for (const q of ["xylophone", "LOADER", "employer number 7", "Office cleaner"]) {
      const first = await found(searchJobs(t.db, { q }, "en"));
      expect(
        first.items.map((j) => j.id),
        q,
      ).toEqual(await fresh({ q }));
      expect(first.items.length).toBeGreaterThan(0);
      if (!first.nextCursor) continue;
      const next = await found(searchJobs(t.db, { q, cursor: first.nextCursor }, "en"));
      expect(
        next.items.map((j) => j.id),
        q,
      ).toEqual(await fresh({ q, cursor: first.nextCursor }));
    }
    // A text read corrected: the kept statement reads the correction's words, and an employer by the text as typed.
    const corrected = await found(searchJobs(t.db, { q: "xylofone" }, "en"));
    expect(corrected.corrected).toBe("xylophone");
    expect(corrected.items.map((j) => j.id)).toEqual(await fresh({ q: "xylofone" }, "xylophone"));
  });

  it("reads a price with a category or a length from the price index, fetching only the jobs that match", async () => {
    for (const filters of [
      { category: "cleaning", price: "mid", currency: "USD" },
      { category: "cleaning", duration: "2-3", price: "mid", currency: "USD" },
    ] as const) {
      const expected = await reference(filters);
      expect(expected.length).toBeGreaterThan(20);
      const reads = await readsOf((await statementsOf(filters)).count);
      expect(reads.nodes.join(", ")).toMatch(/jobs_open_price_idx/);
      // Each match once from the index and once from the table: no job of the price range in another
      // category or length is fetched to be thrown away (thousands of them with the rate alone indexed).
      expect(reads.read, JSON.stringify(filters)).toBeLessThanOrEqual(2 * expected.length);
    }
  });

  it("pages a list of few matches by id, and a list of many along its index, both exactly", async () => {
    for (const filters of [
      { category: "cleaning", country: "KZ" },
      { category: "cleaning", duration: "2-3" },
    ] as const) {
      const expected = await reference(filters);
      const seen: string[] = [];
      let cursor: PageCursor | null = null;
      do {
        const page: JobSearchPage = await found(searchJobs(t.db, { ...filters, cursor }, "en"));
        seen.push(...page.items.map((j) => j.id));
        cursor = page.nextCursor;
        if (cursor) expect(cursor.few).toBe(true);
      } while (cursor && seen.length < 100);
      expect(seen).toEqual(expected.slice(0, seen.length));
    }
    const cleaning = await found(searchJobs(t.db, { category: "cleaning" }, "en"));
    expect(cleaning.nextCursor?.few).toBeUndefined();
    const later = await planOf(pageQuery(t.db, { search: { category: "cleaning", cursor: cleaning.nextCursor } }));
    expect(later).toMatch(
      /Index Scan using jobs_open_category_created_idx on jobs[^\n]*\n\s+Index Cond: \(\(category = 'cleaning'::job_category\) AND \(ROW\(created_at, id\) </,
    );
  });
});

import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CITY } from "../../db/factories/places.ts";
import { createEmployer } from "../../db/factories/users.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { countJobsQuery, searchJobs, searchJobsQuery } from "./search-jobs.ts";

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
           'Shift number ' || g || ': help our team with everyday tasks, tools provided.',
           -- Spread over every city of the gazetteer, as jobs of a real site are.
           gazetteer.ids[1 + g % array_length(gazetteer.ids, 1)],
           (enum_range(null::job_category))[1 + g % 8],
           array['teamwork', 'skill' || (g % 40)],
           1 + g % 7,
           current_date + (g % 30),
           case when g % 9 = 0 then null else (g % 60)::numeric end,
           'RUB', 1 + g % 5,
           case when g % 10 = 0 then 'completed' else 'open' end::job_status,
           'ru',
           now() - g * interval '1 minute'
    from generate_series(1, 20000) g, gazetteer`);
  await t.db.execute(sql`
    insert into jobs (employer_id, title, description, city_id, category, duration_days, start_date, language)
    values (${employer.id}, 'Xylophone tuner', 'Tune the school xylophones before the concert.', ${CITY.moscow}, 'other', 1, current_date, 'en')`);
  // VACUUM as autovacuum would: it also merges the GIN pending list, which the planner otherwise prices as a scan.
  await t.db.execute(sql`vacuum analyze jobs`);
}, 120_000);
afterAll(() => t.close());

/** The plan Postgres chooses for a query, as text (EXPLAIN is sent with the same bound parameters). */
async function planOf(query: SQL | { getSQL(): SQL }): Promise<string> {
  const result = (await t.db.execute(sql`explain ${query}`)) as unknown as
    Record<string, string>[] | { rows: Record<string, string>[] };
  const rows = Array.isArray(result) ? result : result.rows;
  return rows.map((r) => Object.values(r)[0]).join("\n");
}

describe("query plans on 20,000 jobs", () => {
  it("answers a text search from its indexes: word forms, trigrams, and employers' jobs by employer", async () => {
    for (const plan of [
      await planOf(searchJobsQuery(t.db, { q: "xylophone" }, null, "en", true)),
      await planOf(countJobsQuery(t.db, { q: "xylophone" }, null, true)),
    ]) {
      expect(plan).toContain("jobs_search_doc");
      expect(plan).toContain("jobs_search_trgm");
      expect(plan).not.toMatch(/Seq Scan on jobs/);
    }
  });

  it("reads a text as written when it finds jobs, forgiving typos only when it finds none", async () => {
    const exact = await planOf(searchJobsQuery(t.db, { q: "mover" }, null, "en", false));
    expect(exact).not.toContain("jobs_search_trgm");
    const typo = await found(searchJobs(t.db, { q: "furnitur movr" }, "en"));
    expect(typo.total).toBeGreaterThan(20);
    expect(typo.nextCursor?.fuzzy).toBe(true);
    const next = await found(searchJobs(t.db, { q: "furnitur movr", cursor: typo.nextCursor }, "en"));
    expect(next.items.length).toBeGreaterThan(0);
    expect(next.items.some((j) => typo.items.some((i) => i.id === j.id))).toBe(false);
  });

  it("walks the open-jobs index for the plain newest-first list, on the first and later pages", async () => {
    const plan = await planOf(searchJobsQuery(t.db, {}, null, "en"));
    expect(plan).toContain("jobs_open_created_idx");
    expect(plan).not.toMatch(/Seq Scan on jobs/);
    const first = await found(searchJobs(t.db, {}, "en"));
    expect(first.items).toHaveLength(20);
    expect(first.total).toBe(18_001);
    const later = await planOf(searchJobsQuery(t.db, { cursor: first.nextCursor }, null, "en"));
    // Later pages seek straight to the cursor inside the index rather than filtering from the top.
    expect(later).toMatch(/Index Scan using jobs_open_created_idx on jobs[^\n]*\n\s+Index Cond: \(ROW\(created_at, id\) </);
  });

  it("finds the rare job and pages the common ones correctly on the big table", async () => {
    const rare = await found(searchJobs(t.db, { q: "XYLOPHONE" }, "en"));
    expect(rare.items.map((j) => j.title)).toEqual(["Xylophone tuner"]);
    const common = await found(searchJobs(t.db, { q: "warehouse loader", category: "moving" }, "en"));
    // g % 5 = 0 picks the title, g % 8 = 4 the category (enum order), g % 10 <> 0 keeps it open: none are both.
    expect(common.total).toBe(0);
    const movers = await found(searchJobs(t.db, { q: "furniture mover" }, "en"));
    expect(movers.total).toBe(4000);
    expect(movers.items).toHaveLength(20);
  });

  it("answers 'within N km' from the distance index, and counts the same jobs", async () => {
    const tashkent = { lat: 41.26465, lng: 69.21627 };
    for (const plan of [
      await planOf(searchJobsQuery(t.db, { cityId: CITY.tashkent, km: 15 }, tashkent, "en")),
      await planOf(countJobsQuery(t.db, { cityId: CITY.tashkent, km: 15 }, tashkent)),
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
    const plan = await planOf(searchJobsQuery(t.db, { q: "mover", cityId: CITY.kazan, km: 25 }, kazan, "en", false));
    expect(plan).toContain("jobs_open_earth_idx");
    expect(plan).not.toMatch(/Seq Scan on jobs/);
  });

  it("answers the country filter from its index", async () => {
    const plan = await planOf(searchJobsQuery(t.db, { country: "TM" }, null, "en"));
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

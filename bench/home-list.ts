// Home list and search under load: the real app (buildApp) over HTTP against Postgres, next to the same
// SQL sent straight through postgres.js, so the printed ratio is what the app stack costs per request.
//
// Usage:
//   node --import tsx bench/home-list.ts          (or: npx tsx bench/home-list.ts)
// Environment (all optional):
//   BENCH_DATABASE_URL  Postgres to use; default postgres://postgres@127.0.0.1:5432/daywork_bench.
//                       The database is created if missing and migrated. It is the bench's own: its
//                       users, profiles, jobs and ratings are replaced when it is (re)seeded.
//   BENCH_RESEED=1      seed again even if the data is already there
//   BENCH_SECONDS       seconds per scenario and side (default 10)
//   BENCH_CONCURRENCY   requests in flight at once (default 16)
//   BENCH_JOBS          how many jobs to seed (default 100000; 1000000 for the million-job figures)
// Seeds 20,000 people (a fifth employers) and BENCH_JOBS jobs of every category and status, placed in
// the gazetteer's cities (the big ones more often, as on a real site), with SQL
// generate_series, plus ratings of employers; everything stays on loopback. The app runs in a child
// process (this file with --serve), so the load loop and the server do not share one event loop.
import { fork, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

import { CITY } from "../db/factories/places.ts";
import { openDatabase } from "../db/open.ts";
import { adminUrl, withDatabase } from "../db/testing/postgres-admin.ts";
import { buildApp } from "../server/app.ts";
import { createAuth } from "../server/auth.ts";
import { loadConfig } from "../server/config.ts";
import { startServices, stopServices } from "../server/instance-services.ts";
import { resolveOrigin } from "../server/jobs/near.ts";
import { countJobsQuery, searchJobsQuery, type JobSearch } from "../server/jobs/search-jobs.ts";
import { hasExactMatch } from "../server/jobs/text-match.ts";
import { localFileStore } from "../server/storage/file-store.ts";

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/daywork_bench";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PEOPLE = 20_000;
const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);

type Scenario = { name: string; input: JobSearch };
const SCENARIOS: Scenario[] = [
  { name: "home list, no text", input: {} },
  { name: "search common word 'loader'", input: { q: "loader" } },
  { name: "search rare skill 'welding'", input: { q: "welding" } },
  { name: "filters: cleaning, 2-3 days, 15-25", input: { category: "cleaning", duration: "2-3", price: "15-25" } },
  { name: "text 'доставка' (category word)", input: { q: "доставка" } },
  { name: "text 'delivry' (typo)", input: { q: "delivry" } },
  { name: "within 15 km of Tashkent", input: { cityId: CITY.tashkent, km: 15 } },
  { name: "within 25 km of Kazan + 'loader'", input: { cityId: CITY.kazan, km: 25, q: "loader" } },
];

async function ensureDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  await withDatabase(adminUrl(url), async (admin) => {
    const found = await admin`select 1 from pg_database where datname = ${name}`;
    if (found.length === 0) await admin.unsafe(`create database ${name}`);
  });
}

/** Realistic-ish people, jobs and ratings, written by Postgres itself (a few seconds for 100k jobs). */
async function seed(db: postgres.Sql) {
  await db.unsafe(`truncate "user" cascade`);
  await db.unsafe(`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || g, 'Bench Person ' || g, 'bench-' || g || '@example.com', true
    from generate_series(1, ${PEOPLE}) g`);
  await db.unsafe(`
    insert into profiles (id, user_type, full_name, company_name, location, bio, privacy_profile_visible,
                          consent_data_processing, terms_accepted, age_verified, onboarding_completed_at)
    select 'bench-' || g,
           case when g % 5 = 0 then 'employer' else 'worker' end::user_type,
           (array['Anna','Ivan','Aigerim','Dmitry','Maria','Timur','Olga','Bekzod','Elena','Serdar'])[1 + g % 10] || ' ' ||
           (array['Petrova','Ivanov','Nurlanova','Orlov','Smirnova','Aliyev','Kuznetsova','Rashidov','Volkova','Atayev'])[1 + (g / 10) % 10],
           case when g % 5 = 0 then (array['Stroy','Clean','Move','Fresh','Green'])[1 + g % 5] || ' ' ||
                (array['Service','Group','Team','Pro','Partners'])[1 + (g / 5) % 5] || ' ' || g end,
           (array['Moscow','Kazan','Almaty','Tashkent','Ashgabat','Bishkek','Novosibirsk','Samarkand'])[1 + g % 8],
           'Reliable and punctual, ' || (g % 15) || ' years of experience.',
           g % 10 <> 0, true, true, true, now()
    from generate_series(1, ${PEOPLE}) g`);
  await db.unsafe(`
    with gazetteer as (
      -- Each city as often as its population in thousands says, so Moscow gets many jobs and a town few.
      select array_agg(id order by population desc) as ids
      from cities, generate_series(1, greatest(1, population / 100000))
    )
    insert into jobs (employer_id, title, description, city_id, district, category, skills, duration_days, start_date,
                      hourly_rate, currency, max_workers, status, language, created_at)
    select 'bench-' || (5 * (1 + g % ${PEOPLE / 5})),
           (array['Warehouse loader','Office cleaner','Event waiter','Garden helper','Furniture mover',
                  'Courier on foot','Shop assistant','Kitchen porter','Painter helper','Window cleaner'])[1 + g % 10],
           'Shift ' || g || ': ' ||
           (array['help unload trucks and sort parcels','keep the rooms tidy and take out rubbish',
                  'serve guests at a private event','plant flowers and rake leaves','carry furniture up to the third floor'])[1 + g % 5] ||
           '. ' || (array['Gloves provided.','Lunch included.','Paid daily.','Uniform provided.'])[1 + g % 4],
           gazetteer.ids[1 + ((g::bigint * 7919) % array_length(gazetteer.ids, 1))::int],
           'district ' || (g % 12),
           (enum_range(null::job_category))[1 + g % 8],
           case when g % 1000 = 7 then array['welding','safety']
                when g % 3 = 0 then null
                else array[(array['lifting','driving','cooking','cleaning','english','teamwork'])[1 + g % 6], 'punctuality'] end,
           1 + g % 7,
           current_date + (g % 60),
           case when g % 9 = 0 then null else round((5 + (g * 37) % 60)::numeric + (g % 4) * 0.25, 2) end,
           (enum_range(null::job_currency))[1 + g % 7],
           1 + g % 5,
           case when g % 20 < 17 then 'open' when g % 20 = 17 then 'in_progress'
                when g % 20 = 18 then 'completed' else 'cancelled' end::job_status,
           (array['ru','en','uz','kk','tk','es','de','fr','ar','zh'])[1 + g % 10],
           now() - g * interval '13 seconds'
    from generate_series(1, ${JOBS}) g, gazetteer`);
  // Each completed job's employer is rated by a worker (ids 5k+1 are workers).
  await db.unsafe(`
    insert into ratings (job_id, from_user_id, to_user_id, rating, comment)
    select j.id, 'bench-' || (5 * (row_number() over (order by j.id) % ${PEOPLE / 5}) + 1), j.employer_id,
           1 + (row_number() over (order by j.id))::int % 5, 'Good to work with'
    from jobs j where j.status = 'completed'`);
  // As autovacuum would after a bulk load: statistics, visibility map, GIN pending list merged.
  await db.unsafe(`vacuum analyze`);
}

type Result = { requests: number; errors: number; seconds: number; latencies: number[] };

/** Runs `call` from `concurrency` loops until `seconds` have passed; each loop waits for its answer. */
async function load(concurrency: number, seconds: number, call: () => Promise<void>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await call();
          latencies.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { requests: latencies.length, errors, seconds: (performance.now() - start) / 1000, latencies };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function summary(r: Result) {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  return { rps: r.requests / r.seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), errors: r.errors };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);

async function main() {
  await ensureDatabase(DATABASE_URL);
  const database = await openDatabase({ databaseUrl: DATABASE_URL, maxConnections: CONCURRENCY });
  await database.migrate();
  const raw = postgres(DATABASE_URL, { max: CONCURRENCY, onnotice: () => {} });
  const [{ n }] = (await raw`select count(*)::int as n from jobs`) as unknown as [{ n: number }];
  if (n !== JOBS || process.env.BENCH_RESEED === "1") {
    const t0 = performance.now();
    await seed(raw);
    console.log(`seeded ${PEOPLE} people and ${JOBS} jobs in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } else {
    console.log(`using the existing ${n} jobs (BENCH_RESEED=1 to seed again)`);
  }
  const [stats] = (await raw`select count(*) filter (where status = 'open')::int as open from jobs`) as unknown as [
    { open: number },
  ];
  console.log(`open jobs: ${stats.open}; ${CONCURRENCY} concurrent requests, ${SECONDS} s per run; ${os.cpus().length} CPUs`);

  const server = await startServer();
  const port = server.port;

  console.log(
    `\n${"scenario".padEnd(38)}${"side".padEnd(10)}${"req/s".padStart(8)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}  errors`,
  );
  try {
    for (const scenario of SCENARIOS) {
      const url = `http://127.0.0.1:${port}/api/trpc/jobs.search?input=${encodeURIComponent(JSON.stringify({ json: scenario.input }))}`;
      // The answer is checked once, so a broken endpoint cannot pass for a fast one.
      const probe = (await (await fetch(url)).json()) as { result?: { data: { json: { items: unknown[]; total: number } } } };
      if (!probe.result) throw new Error(`${scenario.name}: ${JSON.stringify(probe).slice(0, 300)}`);
      const { items, total } = probe.result.data.json;

      const http = summary(
        await load(CONCURRENCY, SECONDS, async () => {
          const res = await fetch(url);
          if (res.status !== 200) throw new Error(String(res.status));
          await res.arrayBuffer();
        }),
      );
      // The same two statements the procedure runs (page and count), in parallel as it runs them.
      const origin = await resolveOrigin(database.db, scenario.input);
      if (origin === "unknown") throw new Error(`${scenario.name}: unknown city`);
      const q = scenario.input.q;
      const fuzzy = q ? !(await hasExactMatch(database.db, q)) : false;
      const page = searchJobsQuery(database.db, scenario.input, origin, "en", fuzzy).toSQL();
      const count = countJobsQuery(database.db, scenario.input, origin, fuzzy).toSQL();
      const direct = summary(
        await load(CONCURRENCY, SECONDS, async () => {
          await Promise.all([raw.unsafe(page.sql, page.params as never[]), raw.unsafe(count.sql, count.params as never[])]);
        }),
      );
      const label = `${scenario.name} (${items.length}/${total})`.padEnd(38);
      console.log(`${label}${"http".padEnd(10)}${fmt(http.rps, 0)}${fmt(http.p50)}${fmt(http.p99)}  ${http.errors}`);
      console.log(
        `${"".padEnd(38)}${"sql".padEnd(10)}${fmt(direct.rps, 0)}${fmt(direct.p50)}${fmt(direct.p99)}  ${direct.errors}`,
      );
      console.log(`${"".padEnd(38)}${"ratio".padEnd(10)}${fmt(http.rps / direct.rps, 2)}`);
    }
  } finally {
    await server.stop();
    await raw.end({ timeout: 5 });
    await database.close();
  }
}

/** Starts this file with --serve in a child process and waits for the port it listens on. */
async function startServer(): Promise<{ port: number; stop(): Promise<void> }> {
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, ["--serve"], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_DATABASE_URL: DATABASE_URL, BENCH_CONCURRENCY: String(CONCURRENCY) },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m) => resolve((m as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.send({ stop: true });
      }),
  };
}

/** The child: the real app (buildApp) on a free loopback port, until the parent says stop. */
async function serve() {
  const database = await openDatabase({ databaseUrl: DATABASE_URL, maxConnections: CONCURRENCY });
  const uploadDir = await mkdtemp(path.join(os.tmpdir(), "daywork-bench-"));
  const config = loadConfig({
    NODE_ENV: "production",
    DATABASE_URL,
    DATABASE_POOL_SIZE: String(CONCURRENCY),
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
    LOG_LEVEL: "silent",
    DATA_DIR: uploadDir,
    STATIC_DIR: path.join(uploadDir, "no-static"),
    SEED_DEMO: "false",
  });
  const auth = createAuth({ db: database.db, config });
  const services = await startServices(database, config, {
    files: localFileStore(uploadDir),
    log: { info() {}, warn() {} },
    queue: { schedule: false },
  });
  const app = await buildApp({ config, db: database.db, auth, services, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.on("message", () => {
    void (async () => {
      await app.close();
      await stopServices(services);
      await database.close();
      await rm(uploadDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
}

if (process.argv.includes("--serve")) await serve();
else await main();

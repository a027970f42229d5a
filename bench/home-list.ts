// Home list, search and the job page under load: the real app (buildApp) driven over HTTP as the browser
// drives it, side by side with a bare Fastify route that runs the app's own SQL through postgres.js, so the
// printed ratio is what the app stack (tRPC, drizzle, better-auth, superjson) costs per request.
//
// Usage:
//   node --import tsx bench/home-list.ts          (or: npm run bench:home)
// Environment (all optional):
//   BENCH_DATABASE_URL  Postgres to use; default postgres://postgres@127.0.0.1:5432/daywork_bench.
//                       The database is created if missing and migrated. It is the bench's own: its
//                       users, profiles, jobs and ratings are replaced when it is (re)seeded.
//   BENCH_RESEED=1      seed again even if the data is already there
//   BENCH_SECONDS       seconds per run (default 5); each scenario runs BENCH_PAIRS app/bare pairs
//   BENCH_PAIRS         alternating app/bare pairs per scenario (default 3; the issue's figures used 6)
//   BENCH_CONCURRENCY   requests in flight at once (default 32)
//   BENCH_POOL_SIZE     database connections of each server; default: the app's own default
//                       (DATABASE_POOL_SIZE unset), and the bare server gets the same number
//   BENCH_ONLY          run only the scenarios whose name contains one of these comma-separated words
//   BENCH_JOBS          how many jobs to seed (default 100000; 1000000 for the million-job figures)
//   BENCH_ACCEPT_ENCODING  the requests' Accept-Encoding (default Chrome's "gzip, deflate, br, zstd";
//                       "identity" shows the app without response compression)
//   BENCH_SERVER_NODE_OPTIONS  extra node flags for both servers, e.g. "--cpu-prof --cpu-prof-dir=prof"
// Seeds 20,000 people (a fifth employers) and BENCH_JOBS jobs of every category and status, placed in
// the gazetteer's cities (the big ones more often, as on a real site), with SQL
// generate_series, plus ratings of employers; everything stays on loopback.
//
// Two servers run, each in its own child process (this file with --serve app|bare), so neither shares an
// event loop with the load loop here:
// - app: buildApp as in production (NODE_ENV=production), anonymous requests as the SPA sends them
//   (httpBatchLink: GET /api/trpc/<procedure>?batch=1&input=<superjson>, an x-locale header);
// - bare: Fastify answering the same URLs by running the statements the procedure sent for that input
//   (recorded once at start at the driver: their text, parameters, which of them go together, which the
//   app prepares), with `sql.unsafe(text, params, { prepare: true })`, rows as JSON. Statements the app
//   sends unprepared run with plan_cache_mode = force_custom_plan, planned for their values as the app's.
// Runs alternate app, bare, bare, app, ... so the machine's noise falls on both sides. The ratio is app
// req/s over bare req/s (the goal of issue 14: at least 0.60, app p99 under 50 ms); "cpu µs" is the
// server process's CPU time per request.
import { fork, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import Fastify from "fastify";
import postgres from "postgres";
import superjson from "superjson";

import { CITY } from "../db/factories/places.ts";
import { openDatabase } from "../db/open.ts";
import * as schema from "../db/schema/index.ts";
import { adminUrl, withDatabase } from "../db/testing/postgres-admin.ts";
import type { JobSearchInput } from "../domain/job-filters.ts";
import { buildApp } from "../server/app.ts";
import { createAuth } from "../server/auth.ts";
import { loadConfig, type Config } from "../server/config.ts";
import { startServices, stopServices } from "../server/instance-services.ts";
import { localFileStore } from "../server/storage/file-store.ts";
import type { Context } from "../server/trpc/context.ts";
import { createCallerFactory } from "../server/trpc/init.ts";
import { appRouter } from "../server/trpc/router.ts";

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/daywork_bench";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const ONLY = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
const PEOPLE = 20_000;
const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
/** Job pages asked for in turn, so the job page is not one cached row. */
const JOB_PAGES = 1000;
const GOAL = { ratio: 0.6, p99Ms: 50 };
const LOCALE = "en";
/** What the SPA's requests carry: its language, and the encodings a browser accepts. */
const HEADERS = { "x-locale": LOCALE, "accept-encoding": process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br, zstd" };

type Scenario = { name: string; kind: "search"; input: JobSearchInput } | { name: string; kind: "job" };
const SCENARIOS: Scenario[] = [
  { name: "home list, no text", kind: "search", input: {} },
  { name: "search common word 'loader'", kind: "search", input: { q: "loader" } },
  { name: "search rare skill 'welding'", kind: "search", input: { q: "welding" } },
  {
    name: "filters: cleaning, 2-3 days, 15-25",
    kind: "search",
    input: { category: "cleaning", duration: "2-3", price: "15-25", currency: "USD" },
  },
  { name: "text 'доставка' (category word)", kind: "search", input: { q: "доставка" } },
  { name: "text 'delivry' (typo)", kind: "search", input: { q: "delivry" } },
  { name: "within 15 km of Tashkent", kind: "search", input: { cityId: CITY.tashkent, km: 15 } },
  { name: "within 25 km of Kazan + 'loader'", kind: "search", input: { cityId: CITY.kazan, km: 25, q: "loader" } },
  { name: "job page /jobs/{id}", kind: "job" },
];

/**
 * The input the home page's infinite query sends for a first page (src/routes/index.tsx): every filter
 * key, unset ones as undefined (superjson keeps them in its meta), plus the query's direction.
 */
function browserSearchInput(input: JobSearchInput) {
  return {
    q: input.q || undefined,
    category: input.category,
    duration: input.duration,
    startDate: input.startDate,
    price: input.price,
    currency: input.currency,
    country: input.country,
    cityId: input.cityId,
    ...(input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : {}),
    km: input.km,
    direction: "forward" as const,
  };
}

/** A GET of one procedure as httpBatchLink sends it (a batch of one). */
function trpcPath(procedure: string, input: unknown): string {
  return `/api/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize(input) }))}`;
}

/** The request paths of a scenario, asked for in turn. */
function scenarioPaths(scenario: Scenario, jobIds: string[]): string[] {
  if (scenario.kind === "search") return [trpcPath("jobs.search", browserSearchInput(scenario.input))];
  return jobIds.map((jobId) => trpcPath("jobs.byId", { jobId }));
}

const selected = (scenario: Scenario) => ONLY.length === 0 || ONLY.some((word) => scenario.name.toLowerCase().includes(word));

/**
 * The app's configuration as the bench runs it, with its files in `dataDir`. The pool: BENCH_POOL_SIZE,
 * else the app's default (DATABASE_POOL_SIZE unset); the bare server takes the same number.
 */
function benchConfig(dataDir: string): Config {
  return loadConfig({
    NODE_ENV: "production",
    DATABASE_URL,
    ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}),
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, "no-static"),
    SEED_DEMO: "false",
  });
}

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

type Result = { requests: number; errors: number; seconds: number; latencies: number[]; cpuMicros: number };

/** Runs `call(i)` from `concurrency` loops until `seconds` have passed; each loop waits for its answer. */
async function load(concurrency: number, seconds: number, call: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await call(next++);
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

/** Several runs of one side as one: requests over time, latency percentiles over every request. */
function summary(runs: Result[]) {
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const sorted = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return {
    rps: requests / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    cpuMicros: runs.reduce((sum, r) => sum + r.cpuMicros, 0) / Math.max(1, requests),
  };
}

const fmt = (n: number, digits = 0, width = 9) => n.toFixed(digits).padStart(width);

async function main() {
  await ensureDatabase(DATABASE_URL);
  const database = await openDatabase({ databaseUrl: DATABASE_URL, maxConnections: 4 });
  await database.migrate();
  await database.close();
  const raw = postgres(DATABASE_URL, { max: 4, onnotice: () => {} });
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
  // Every status: a link to a finished job opens too. A fixed order, so runs ask for the same pages.
  const jobIds = (await raw`select id from jobs order by md5(id::text) limit ${JOB_PAGES}`).map((row) => String(row.id));
  await raw.end({ timeout: 5 });
  const scratch = await mkdtemp(path.join(os.tmpdir(), "daywork-bench-"));
  const pool = benchConfig(scratch).databasePoolSize;
  await rm(scratch, { recursive: true, force: true });
  console.log(
    `open jobs: ${stats.open}; ${CONCURRENCY} concurrent requests; ${PAIRS} app/bare pairs of ${SECONDS} s per scenario; ` +
      `pool ${pool} connections per server; ${os.availableParallelism()} CPUs`,
  );

  const app = await startServer("app");
  const bare = await startServer("bare");
  const rows: string[] = [];
  const header =
    `${"scenario".padEnd(40)}${"app/s".padStart(9)}${"bare/s".padStart(9)}${"ratio".padStart(9)}${"goal".padStart(7)}` +
    `${"app p50".padStart(9)}${"app p99".padStart(9)}${"goal".padStart(7)}${"bare p99".padStart(9)}` +
    `${"app cpu µs".padStart(11)}${"bare cpu µs".padStart(12)}  pair ratios`;
  console.log(`\n${header}`);
  try {
    for (const scenario of SCENARIOS.filter(selected)) {
      const paths = scenarioPaths(scenario, jobIds);
      const described = await Promise.all([probe(app, paths[0] ?? ""), probe(bare, paths[0] ?? "")]);
      const sides = { app, bare };
      const runs: Record<keyof typeof sides, Result[]> = { app: [], bare: [] };
      const run = async (side: keyof typeof sides, seconds: number) => {
        const server = sides[side];
        const cpu0 = await server.cpu();
        const result = await load(CONCURRENCY, seconds, (i) => get(server.port, paths[i % paths.length] ?? ""));
        return { ...result, cpuMicros: (await server.cpu()) - cpu0 };
      };
      // A short run of each first: JIT, connections and statement caches warm up off the record.
      await run("app", 1);
      await run("bare", 1);
      const ratios: number[] = [];
      for (let pair = 0; pair < PAIRS; pair += 1) {
        const order: (keyof typeof sides)[] = pair % 2 === 0 ? ["app", "bare"] : ["bare", "app"];
        for (const side of order) runs[side].push(await run(side, SECONDS));
        const last = (side: keyof typeof sides) => runs[side][runs[side].length - 1] as Result;
        ratios.push(last("app").requests / last("app").seconds / (last("bare").requests / last("bare").seconds));
      }
      const a = summary(runs.app);
      const b = summary(runs.bare);
      const ratio = a.rps / b.rps;
      const errors = a.errors + b.errors;
      const line =
        `${`${scenario.name} (${described[0]})`.padEnd(40)}${fmt(a.rps)}${fmt(b.rps)}${fmt(ratio, 2)}` +
        `${(ratio >= GOAL.ratio ? "ok" : "LOW").padStart(7)}${fmt(a.p50, 1)}${fmt(a.p99, 1)}` +
        `${(a.p99 < GOAL.p99Ms ? "ok" : "SLOW").padStart(7)}${fmt(b.p99, 1)}${fmt(a.cpuMicros, 0, 11)}${fmt(b.cpuMicros, 0, 12)}` +
        `  ${ratios.map((r) => r.toFixed(2)).join(" ")}${errors ? `  ERRORS app ${a.errors} bare ${b.errors}` : ""}`;
      console.log(line);
      rows.push(line);
    }
  } finally {
    await Promise.all([app.stop(), bare.stop()]);
  }
  console.log(`\ngoal (issue 14): ratio >= ${GOAL.ratio} and app p99 < ${GOAL.p99Ms} ms at ${CONCURRENCY} concurrent clients`);
}

type Server = { origin: string; port: number; cpu(): Promise<number>; stop(): Promise<void> };

// Plain node:http with kept-alive connections for the load: cheaper per request than fetch, and the
// body is read as it comes (compressed or not), so the load loop costs both sides the same.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One GET on loopback, its body read to the end; rejects unless the answer is 200. */
function get(port: number, requestPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: requestPath, agent, headers: HEADERS }, (res) => {
      res.on("data", () => {});
      res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(String(res.statusCode)))));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/**
 * Asks once and checks the answer, so a broken endpoint cannot pass for a fast one; describes it
 * (items/total of a list, the title of a job).
 */
async function probe(server: Server, requestPath: string): Promise<string> {
  const res = await fetch(`${server.origin}${requestPath}`, { headers: HEADERS });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${requestPath}: ${res.status} ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as unknown;
  if (!Array.isArray(body)) throw new Error(`${requestPath}: unexpected answer ${text.slice(0, 300)}`);
  const data = (body[0] as { result?: { data?: { json?: { items?: unknown[]; total?: number; title?: string } } } })?.result?.data
    ?.json;
  if (data?.items) return `${data.items.length}/${data.total}`;
  if (data?.title) return "1 job";
  // The bare answer: the rows of the last statements, e.g. [[page rows], [count]].
  return `${body.length} results`;
}

type ChildMessage = { type: "port"; port: number } | { type: "cpu"; micros: number };

/** Starts this file with --serve <kind> in a child process and waits for the port it listens on. */
async function startServer(kind: "app" | "bare"): Promise<Server> {
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, ["--serve", kind], {
    execArgv: ["--import", "tsx", ...(process.env.BENCH_SERVER_NODE_OPTIONS ?? "").split(" ").filter(Boolean)],
    env: { ...process.env, BENCH_DATABASE_URL: DATABASE_URL },
  });
  const next = (type: ChildMessage["type"]) =>
    new Promise<ChildMessage>((resolve, reject) => {
      const onMessage = (m: ChildMessage) => {
        if (m.type !== type) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(m);
      };
      const onExit = (code: number | null) => reject(new Error(`${kind} server exited with ${code}`));
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  const started = await next("port");
  if (started.type !== "port") throw new Error("unexpected message");
  return {
    origin: `http://127.0.0.1:${started.port}`,
    port: started.port,
    async cpu() {
      const answer = next("cpu");
      child.send({ type: "cpu" });
      const m = await answer;
      return m.type === "cpu" ? m.micros : Number.NaN;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.send({ type: "stop" });
      }),
  };
}

/** The child's side of the conversation with the parent: its port, its CPU time when asked, stop. */
function answerParent(port: number, stop: () => Promise<void>) {
  process.on("message", (m: { type: string }) => {
    if (m.type === "cpu") {
      const used = process.cpuUsage();
      process.send?.({ type: "cpu", micros: used.user + used.system });
    } else if (m.type === "stop") {
      void stop().then(() => process.exit(0));
    }
  });
  process.send?.({ type: "port", port });
}

/** The app child: the real app (buildApp) on a free loopback port, until the parent says stop. */
async function serveApp() {
  const uploadDir = await mkdtemp(path.join(os.tmpdir(), "daywork-bench-"));
  const config = benchConfig(uploadDir);
  const database = await openDatabase({ databaseUrl: DATABASE_URL, maxConnections: config.databasePoolSize });
  const auth = createAuth({ db: database.db, config });
  const services = await startServices(database, config, {
    files: localFileStore(uploadDir),
    log: { info() {}, warn() {} },
    queue: { schedule: false },
  });
  const app = await buildApp({ config, db: database.db, auth, services, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  answerParent((app.server.address() as AddressInfo).port, async () => {
    await app.close();
    await stopServices(services);
    await database.close();
    await rm(uploadDir, { recursive: true, force: true });
  });
}

/**
 * One statement a procedure sent: its text, its parameters, and whether the app sent it as a prepared
 * statement (drizzle's `.prepare()`) or unprepared (planned for its values each time). A plan is the
 * statements in rounds: those sent together (one Promise.all), then the next round once they answered.
 */
type Statement = { text: string; params: unknown[]; prepared: boolean };
type Plan = Statement[][];

/**
 * Records the statements `call` makes through a drizzle database over `client`, as the app's driver
 * sends them (postgres.js `unsafe`). Statements sent in the same turn of the event loop (before any
 * answer could arrive) are one round.
 */
async function recordPlan(client: postgres.Sql, call: (db: Context["db"]) => Promise<unknown>): Promise<Plan> {
  const plan: Plan = [];
  let roundOpen = false;
  const recording = new Proxy(client, {
    get(target, property, receiver) {
      if (property !== "unsafe") return Reflect.get(target, property, receiver);
      const unsafe: postgres.Sql["unsafe"] = (text, params = [], options) => {
        if (!roundOpen) {
          plan.push([]);
          roundOpen = true;
          setImmediate(() => (roundOpen = false));
        }
        plan[plan.length - 1]?.push({ text, params, prepared: options?.prepare === true });
        return target.unsafe(text, params, options);
      };
      return unsafe;
    },
  });
  await call(drizzle(recording, { schema }));
  return plan;
}

/** A context for recording: anonymous, in English; the procedures recorded use neither auth nor services. */
function recordingContext(db: Context["db"], config: Config): Context {
  const unused = (what: string) =>
    new Proxy(
      {},
      {
        get: () => {
          throw new Error(`the bench's recorded procedures do not use ${what}`);
        },
      },
    );
  return {
    db,
    config,
    auth: unused("auth") as Context["auth"],
    services: unused("services") as Context["services"],
    user: null,
    headers: {},
    language: LOCALE,
    socket: null,
  };
}

/**
 * The bare child: Fastify answering the same URLs with the statements the procedure sends for them (no
 * tRPC, no drizzle, no session, no superjson), through the app's own postgres.js settings. Every
 * statement goes prepared (one round trip, parsed once per connection); those the app sends unprepared
 * go over connections with plan_cache_mode = force_custom_plan, so they are planned for their values
 * each time as the app's are (a generic plan made some text searches several times slower).
 */
async function serveBare() {
  const scratch = await mkdtemp(path.join(os.tmpdir(), "daywork-bench-"));
  const config = benchConfig(scratch);
  const database = await openDatabase({ databaseUrl: DATABASE_URL, maxConnections: config.databasePoolSize });
  const client = database.sql;
  if (!client) throw new Error("the bare server needs Postgres");
  const caller = (db: Context["db"]) => createCallerFactory(appRouter)(recordingContext(db, config));

  const searches = new Map<string, Plan>();
  const described: string[] = [];
  const describe = (name: string, plan: Plan) =>
    described.push(
      `${name}: ${plan.map((round) => round.length).join(" then ")} statement(s), ` +
        `${plan.flat().filter((s) => s.prepared).length} prepared by the app`,
    );
  for (const scenario of SCENARIOS.filter(selected)) {
    if (scenario.kind !== "search") continue;
    const input = browserSearchInput(scenario.input);
    const plan = await recordPlan(client, (db) => caller(db).jobs.search(input));
    searches.set(trpcPath("jobs.search", input), plan);
    describe(scenario.name, plan);
  }
  const [sample] = await client`select id from jobs limit 1`;
  const sampleId = String(sample?.id);
  const jobPlan = await recordPlan(client, (db) => caller(db).jobs.byId({ jobId: sampleId }));
  describe("job page", jobPlan);
  console.log(`the bare server sends, per request:\n  ${described.join("\n  ")}`);
  const customPlans = postgres(DATABASE_URL, {
    max: config.databasePoolSize,
    onnotice: () => {},
    connection: { ...client.options.connection, plan_cache_mode: "force_custom_plan" },
  });
  // The same type parsers as the app's client (drizzle installs them on the client it is given).
  drizzle(customPlans);

  const run = async (plan: Plan, param: (value: unknown) => unknown) => {
    let answer: unknown[] = [];
    for (const round of plan) {
      answer = await Promise.all(
        round.map((s) =>
          (s.prepared ? client : customPlans).unsafe(s.text, s.params.map(param) as postgres.ParameterOrJSON<never>[], {
            prepare: true,
          }),
        ),
      );
    }
    return answer;
  };
  const app = Fastify({ logger: false });
  app.get("/api/trpc/jobs.search", async (request, reply) => {
    const plan = searches.get(request.url);
    if (!plan) return reply.status(404).send();
    reply.header("content-type", "application/json");
    return JSON.stringify(await run(plan, (value) => value));
  });
  app.get("/api/trpc/jobs.byId", async (request, reply) => {
    const { input } = request.query as { input: string };
    const jobId = (JSON.parse(input) as { 0: { json: { jobId: string } } })[0].json.jobId;
    reply.header("content-type", "application/json");
    return JSON.stringify(await run(jobPlan, (value) => (value === sampleId ? jobId : value)));
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  answerParent((app.server.address() as AddressInfo).port, async () => {
    await app.close();
    await customPlans.end({ timeout: 5 });
    await database.close();
    await rm(scratch, { recursive: true, force: true });
  });
}

const serving = process.argv[process.argv.indexOf("--serve") + 1];
if (process.argv.includes("--serve")) await (serving === "bare" ? serveBare() : serveApp());
else await main();

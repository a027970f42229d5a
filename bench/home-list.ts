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
//                       (DATABASE_POOL_SIZE unset), and the bare server gets the same number, split
//                       between its two pools as the app's (db/pool-size.ts splitPool)
//   BENCH_ONLY          run only the scenarios whose name contains one of these comma-separated words
//   BENCH_JOBS          how many jobs to seed (default 100000; 1000000 for the million-job figures)
//   BENCH_ACCEPT_ENCODING  the requests' Accept-Encoding (default Chrome's "gzip, deflate, br, zstd";
//                       "identity" shows the app without response compression)
//   BENCH_WARMUP        seconds each side is driven, per scenario, before its runs count (default 5)
//   BENCH_EACH_RUN=1    also print each run's requests a second and CPU per request, as it ends (a server
//                       still warming up shows as a first run slower than the next)
//   BENCH_SERVER_NODE_OPTIONS  extra node flags for both servers, e.g. "--cpu-prof --cpu-prof-dir=prof"
// Seeds 20,000 people (a fifth employers) and BENCH_JOBS jobs of every category and status, placed in
// the gazetteer's cities (the big ones more often, as on a real site), with SQL
// generate_series, plus ratings of employers (bench/support/marketplace.ts); everything stays on loopback.
//
// Two servers run on Node's own type stripping as a deployment runs the app, each in its own child
// process (bench/support/app-process.ts, and this file with --serve bare), so neither shares an event
// loop with the load loop here:
// - app: buildApp as in production (NODE_ENV=production), anonymous requests as the SPA sends them
//   (httpBatchLink: GET /api/trpc/<procedure>?batch=1&input=<superjson>, an x-locale header);
// - bare: Fastify answering the same URLs by running the statements the procedure sent for that input
//   (recorded once at start at the driver: their text, parameters, which of them go together, which the
//   app prepares), with `sql.unsafe(text, params, { prepare: true })`, rows as JSON. Statements the app
//   sends unprepared or through its pool planned for each call (db/planned-each-call.ts) run with
//   plan_cache_mode = force_custom_plan, planned for their values as the app's.
// The app reads the home list's first page once for all the requests that asked while the previous read
// was under way (request coalescing, server/jobs/search/request-coalescing.ts); the bare route runs its statement for every request, so on that
// scenario the app may serve more than bare.
// Each scenario first drives each side for BENCH_WARMUP seconds off the record: a server just started
// is slower for its first seconds under load (the app's job page cost 216-320 µs of CPU in its first 4 s
// after a 1 s warm-up, 150-165 µs from its tenth second on; the bare route 80-94 µs, then 65-78), and a
// deployment serves for hours. Runs then alternate app, bare, bare, app, ... so the machine's noise
// falls on both sides. The ratio is app req/s over bare req/s (the goal of issue 14: at least 0.60, app
// p99 under 50 ms); "cpu µs" is the server process's CPU time per request.
// Last, the SQL alone of the rare word's search: its statements' execution time as Postgres reports it
// (EXPLAIN ANALYZE, planned for their values as the app's are), against the goal of under 5 ms at a
// million jobs (BENCH_JOBS=1000000).
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import Fastify from "fastify";
import postgres from "postgres";

import { CITY } from "../db/factories/places.ts";
import { openDatabase } from "../db/open.ts";
import { planEachCallWith } from "../db/planned-each-call.ts";
import { splitPool } from "../db/pool-size.ts";
import * as schema from "../db/schema/index.ts";
import type { JobSearchInput } from "../domain/job-filters.ts";
import type { Config } from "../server/config.ts";
import { silentLog } from "../server/ops/request-log.ts";
import type { Context } from "../server/trpc/context.ts";
import { createCallerFactory } from "../server/trpc/init.ts";
import { appRouter } from "../server/trpc/router.ts";
import { answerParent, APP_ENTRY, benchConfig, forkServer, type ServerProcess } from "./support/app-process.ts";
import { fmt, load, loopbackGetter, summary, trpcPath, type Result } from "./support/load.ts";
import { BENCH_DATABASE_URL as DATABASE_URL, prepareMarketplace } from "./support/marketplace.ts";
import { browserSearchInput, LOCALE, SPA_HEADERS } from "./support/spa-requests.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const EACH_RUN = process.env.BENCH_EACH_RUN === "1";
const ONLY = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
/** Job pages asked for in turn, so the job page is not one cached row. */
const JOB_PAGES = 1000;
const GOAL = { ratio: 0.6, p99Ms: 50, rareWordSqlMs: 5 };
const HEADERS = SPA_HEADERS;

/** The rare word whose search's SQL alone is timed against the goal (under 5 ms at a million jobs). */
const RARE_WORD: JobSearchInput = { q: "welding" };

type Scenario = { name: string; kind: "search"; input: JobSearchInput } | { name: string; kind: "job" };
const SCENARIOS: Scenario[] = [
  { name: "home list, no text", kind: "search", input: {} },
  { name: "search common word 'loader'", kind: "search", input: { q: "loader" } },
  { name: "search rare skill 'welding'", kind: "search", input: RARE_WORD },
  {
    name: "filters: cleaning, 2-3 days, 15-25",
    kind: "search",
    input: { category: "cleaning", duration: "2-3", price: "mid", currency: "USD" },
  },
  { name: "text 'доставка' (category word)", kind: "search", input: { q: "доставка" } },
  { name: "text 'delivry' (typo)", kind: "search", input: { q: "delivry" } },
  { name: "within 15 km of Tashkent", kind: "search", input: { cityId: CITY.tashkent, km: 15 } },
  { name: "within 25 km of Kazan + 'loader'", kind: "search", input: { cityId: CITY.kazan, km: 25, q: "loader" } },
  { name: "'loader' + 15-25 USD", kind: "search", input: { q: "loader", price: "mid", currency: "USD" } },
  { name: "job page /jobs/{id}", kind: "job" },
];

/** The request paths of a scenario, asked for in turn. */
function scenarioPaths(scenario: Scenario, jobIds: string[]): string[] {
  if (scenario.kind === "search") return [trpcPath("jobs.search", browserSearchInput(scenario.input))];
  return jobIds.map((jobId) => trpcPath("jobs.byId", { jobId }));
}

const selected = (scenario: Scenario) => ONLY.length === 0 || ONLY.some((word) => scenario.name.toLowerCase().includes(word));

type Run = Result & { cpuMicros: number };

/** Several runs of one side as one, with the server's CPU time per request. */
function summaryWithCpu(runs: Run[]) {
  const figures = summary(runs);
  return { ...figures, cpuMicros: runs.reduce((sum, r) => sum + r.cpuMicros, 0) / Math.max(1, figures.requests) };
}

async function main() {
  await prepareMarketplace(DATABASE_URL);
  const raw = postgres(DATABASE_URL, { max: 4, onnotice: () => {} });
  const [stats] = (await raw`select count(*) filter (where status = 'open')::int as open from jobs`) as unknown as [
    { open: number },
  ];
  // Every status: a link to a finished job opens too. A fixed order, so runs ask for the same pages.
  const jobIds = (await raw`select id from jobs order by md5(id::text) limit ${JOB_PAGES}`).map((row) => String(row.id));
  await raw.end({ timeout: 5 });
  // The app's configuration, for its pool size and for recording statements (which touch no file of its folder).
  const scratch = await mkdtemp(path.join(os.tmpdir(), "daywork-bench-"));
  const config = benchConfig(scratch);
  const pool = config.databasePoolSize;
  await rm(scratch, { recursive: true, force: true });
  console.log(
    `open jobs: ${stats.open}; ${CONCURRENCY} concurrent requests; ${WARMUP} s of warm-up per side, then ` +
      `${PAIRS} app/bare pairs of ${SECONDS} s per scenario; ` +
      `pool ${pool} connections per server (${splitPool(pool).main} planned once, ${splitPool(pool).planned} planned each call); ` +
      `${os.availableParallelism()} CPUs`,
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
      const runs: Record<keyof typeof sides, Run[]> = { app: [], bare: [] };
      const run = async (side: keyof typeof sides, seconds: number) => {
        const server = sides[side];
        const cpu0 = await server.cpu();
        const result = await load(CONCURRENCY, seconds, (i) => get(server.port, paths[i % paths.length] ?? ""));
        return { ...result, cpuMicros: (await server.cpu()) - cpu0 };
      };
      // Each side warms up off the record: JIT, connections and statement caches.
      await run("app", WARMUP);
      await run("bare", WARMUP);
      const ratios: number[] = [];
      for (let pair = 0; pair < PAIRS; pair += 1) {
        const order: (keyof typeof sides)[] = pair % 2 === 0 ? ["app", "bare"] : ["bare", "app"];
        for (const side of order) {
          const result = await run(side, SECONDS);
          runs[side].push(result);
          if (EACH_RUN)
            console.log(
              `  ${side} run ${runs[side].length}: ${fmt(result.requests / result.seconds)} req/s, ${fmt(result.cpuMicros / result.requests)} µs CPU each`,
            );
        }
        const last = (side: keyof typeof sides) => runs[side][runs[side].length - 1] as Run;
        ratios.push(last("app").requests / last("app").seconds / (last("bare").requests / last("bare").seconds));
      }
      const a = summaryWithCpu(runs.app);
      const b = summaryWithCpu(runs.bare);
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
  if (!SCENARIOS.filter(selected).some((s) => s.kind === "search" && s.input === RARE_WORD)) return;
  const alone = await sqlAlone(config, RARE_WORD);
  console.log(
    `SQL alone of '${RARE_WORD.q}' at ${stats.open} open jobs: execution ${alone.execution.toFixed(2)} ms, planning ` +
      `${alone.planning.toFixed(2)} ms (median of ${alone.runs}; goal: execution < ${GOAL.rareWordSqlMs} ms at a million jobs)`,
  );
}

/** The app's procedures, called anonymously on `db` (see recordingContext). */
const recordingCaller = (db: Context["db"], config: Config) => createCallerFactory(appRouter)(recordingContext(db, config));

/** The statements the app sends for a search with `input`, as the SPA asks for it, recorded on `client`. */
function recordSearch(client: postgres.Sql, config: Config, input: JobSearchInput): Promise<Plan> {
  return recordPlan(client, (db) => recordingCaller(db, config).jobs.search(browserSearchInput(input)));
}

/**
 * A search's SQL alone, as Postgres times it: the execution and planning time of its statements (EXPLAIN
 * ANALYZE on the pool that plans each call for its values, as the app's search statements are), statements
 * sent together counted by the slowest; the medians of `times` runs.
 */
async function sqlAlone(config: Config, input: JobSearchInput, times = 21) {
  const database = await openDatabase({ databaseUrl: DATABASE_URL, maxConnections: 2 });
  try {
    const { sql: client, plannedSql } = database;
    if (!client || !plannedSql) throw new Error("the SQL alone needs Postgres");
    const plan = await recordSearch(client, config, input);
    const runs: { execution: number; planning: number }[] = [];
    for (let i = 0; i < times; i += 1) {
      const run = { execution: 0, planning: 0 };
      for (const round of plan) {
        const explained = await Promise.all(
          round.map(async (s) => {
            const [row] = await plannedSql.unsafe(
              `explain (analyze, format json) ${s.text}`,
              s.params as postgres.ParameterOrJSON<never>[],
            );
            const cell = (row as Record<string, unknown>)["QUERY PLAN"];
            const [report] = (typeof cell === "string" ? JSON.parse(cell) : cell) as {
              "Execution Time": number;
              "Planning Time": number;
            }[];
            if (!report) throw new Error(`no plan for ${s.text}`);
            return report;
          }),
        );
        run.execution += Math.max(...explained.map((r) => r["Execution Time"]));
        run.planning += Math.max(...explained.map((r) => r["Planning Time"]));
      }
      runs.push(run);
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    return { execution: median(runs.map((r) => r.execution)), planning: median(runs.map((r) => r.planning)), runs: times };
  } finally {
    await database.close();
  }
}

type Server = ServerProcess;

const get = loopbackGetter({ maxSockets: CONCURRENCY, headers: HEADERS });

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

/** Starts a server in a child process: the real app, or this file's bare server (--serve bare). */
function startServer(kind: "app" | "bare"): Promise<Server> {
  return kind === "app"
    ? forkServer(APP_ENTRY, ["--serve-app"])
    : forkServer(new URL(import.meta.url).pathname, ["--serve", "bare"]);
}

/**
 * One statement a procedure sent: its text, its parameters, whether the app sent it as a prepared
 * statement (drizzle's `.prepare()`) or unprepared (planned for its values each time), and whether it
 * went through the app's pool that plans each call (`planned`). A plan is the statements in rounds:
 * those sent together (one Promise.all), then the next round once they answered.
 */
type Statement = { text: string; params: unknown[]; prepared: boolean; planned: boolean };
type Plan = Statement[][];

/**
 * Records the statements `call` makes through a drizzle database over `client`, as the app's driver
 * sends them (postgres.js `unsafe`). Statements sent in the same turn of the event loop (before any
 * answer could arrive) are one round.
 */
async function recordPlan(client: postgres.Sql, call: (db: Context["db"]) => Promise<unknown>): Promise<Plan> {
  const plan: Plan = [];
  let roundOpen = false;
  const recording = (planned: boolean) =>
    new Proxy(client, {
      get(target, property, receiver) {
        if (property !== "unsafe") return Reflect.get(target, property, receiver);
        const unsafe: postgres.Sql["unsafe"] = (text, params = [], options) => {
          if (!roundOpen) {
            plan.push([]);
            roundOpen = true;
            setImmediate(() => (roundOpen = false));
          }
          plan[plan.length - 1]?.push({ text, params, prepared: options?.prepare === true, planned });
          return target.unsafe(text, params, options);
        };
        return unsafe;
      },
    });
  const db = drizzle(recording(false), { schema });
  // As db/open.ts pairs the app's pools: the statements built on plannedEachCall's handle are marked so.
  planEachCallWith(db, drizzle(recording(true), { schema }));
  await call(db);
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
    log: silentLog,
    metrics: null,
  };
}

/**
 * The bare child: Fastify answering the same URLs with the statements the procedure sends for them (no
 * tRPC, no drizzle, no session, no superjson), through the app's own postgres.js settings. Every
 * statement goes prepared (one round trip, parsed once per connection); those the app sends unprepared
 * or through its pool that plans each call go over connections with plan_cache_mode =
 * force_custom_plan, so they are planned for their values each time as the app's are (a generic plan
 * made some text searches several times slower).
 */
async function serveBare() {
  const scratch = await mkdtemp(path.join(os.tmpdir(), "daywork-bench-"));
  const config = benchConfig(scratch);
  const database = await openDatabase({ databaseUrl: DATABASE_URL, maxConnections: config.databasePoolSize });
  const { sql: client, plannedSql } = database;
  if (!client || !plannedSql) throw new Error("the bare server needs Postgres");

  const searches = new Map<string, Plan>();
  const described: string[] = [];
  const describe = (name: string, plan: Plan) =>
    described.push(
      `${name}: ${plan.map((round) => round.length).join(" then ")} statement(s), ` +
        `${plan.flat().filter((s) => s.prepared).length} prepared by the app, ` +
        `${plan.flat().filter((s) => s.planned).length} planned for each call's values`,
    );
  for (const scenario of SCENARIOS.filter(selected)) {
    if (scenario.kind !== "search") continue;
    const plan = await recordSearch(client, config, scenario.input);
    searches.set(trpcPath("jobs.search", browserSearchInput(scenario.input)), plan);
    describe(scenario.name, plan);
  }
  const [sample] = await client`select id from jobs limit 1`;
  const sampleId = String(sample?.id);
  const jobPlan = await recordPlan(client, (db) => recordingCaller(db, config).jobs.byId({ jobId: sampleId }));
  describe("job page", jobPlan);
  console.log(`the bare server sends, per request:\n  ${described.join("\n  ")}`);

  const run = async (plan: Plan, param: (value: unknown) => unknown) => {
    let answer: unknown[] = [];
    for (const round of plan) {
      answer = await Promise.all(
        round.map((s) =>
          (s.prepared && !s.planned ? client : plannedSql).unsafe(
            s.text,
            s.params.map(param) as postgres.ParameterOrJSON<never>[],
            {
              prepare: true,
            },
          ),
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
    await database.close();
    await rm(scratch, { recursive: true, force: true });
  });
}

if (process.argv.includes("--serve")) await serveBare();
else await main();

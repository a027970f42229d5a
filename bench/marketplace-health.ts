// Marketplace health (docs/decisions/072): each figure of the operator console's health page timed on a
// seeded marketplace, for the 7, 30 and 90 days windows, over every country and over one (RU).
//
// Usage:
//   node --import tsx bench/marketplace-health.ts          (or: npm run bench:health)
// Environment (all optional):
//   BENCH_DATABASE_URL  Postgres to use; default postgres://postgres@127.0.0.1:5432/daywork_bench_health
//                       (its own database: the home-list bench's marketplace plus what health reads).
//   BENCH_JOBS          how many jobs to seed (default 100000; 1000000 for the million-job figures)
//   BENCH_RESEED=1      seed again even if the data is already there
//   BENCH_RUNS          timed runs of each figure (default 40), after 3 untimed ones
// The marketplace is bench/support/marketplace.ts's (jobs posted every 13 seconds back from now, so a
// million jobs span 150 days), then each job is moved to start 0-9 days after it was posted, gets 0-4
// applications (up to its places accepted, the rest pending), and about one hired worker in 33 misses
// the first day and one owner in 50 cancels late. Prints p50 and p99 in ms of each figure.
import postgres from "postgres";

import { openDatabase } from "../db/open.ts";
import { HEALTH_WINDOWS } from "../domain/health-windows.ts";
import { HEALTH_SERIES, type HealthSeriesName } from "../server/health/overview.ts";
import { periodOf } from "../server/health/period.ts";
import { JOBS, prepareMarketplace } from "./support/marketplace.ts";

const URL_ = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/daywork_bench_health";
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

/** What health reads beyond the home list's marketplace: start dates near posting, hires, strikes. */
async function seedHealth(db: postgres.Sql) {
  const [{ n }] = (await db`select count(*)::int as n from job_applications`) as unknown as [{ n: number }];
  if (n > 0 && process.env.BENCH_RESEED !== "1") return;
  const t0 = performance.now();
  await db.unsafe(`truncate job_applications, reliability_events cascade`);
  await db.unsafe(`
    update jobs set
      start_date = (created_at at time zone 'UTC')::date + abs(hashtext(id::text)) % 10,
      accepted_count = case when status = 'cancelled' then 0 else least(max_workers, abs(hashtext(id::text)) % 5) end`);
  await db.unsafe(`
    insert into job_applications (job_id, worker_id, status, created_at, updated_at)
    select j.id, 'bench-' || (5 * (abs(hashtext(j.id::text)) % 3990) + 1 + k),
           case when k < j.accepted_count then 'accepted' else 'pending' end::application_status,
           j.created_at + (1 + k) * (1 + abs(hashtext(j.id::text)) % 7) * interval '37 minutes',
           j.created_at + (2 + k) * (1 + abs(hashtext(j.id::text)) % 5) * interval '53 minutes'
    from jobs j, generate_series(0, 3) k
    where k < greatest(j.accepted_count, abs(hashtext(j.id::text)) % 4)`);
  await db.unsafe(`
    insert into reliability_events (user_id, job_id, kind, role, on_date, created_at)
    select a.worker_id, a.job_id, 'no_show', 'worker', j.start_date, j.start_date + interval '1 day'
    from job_applications a join jobs j on j.id = a.job_id
    where a.status = 'accepted' and abs(hashtext(a.id::text)) % 33 = 0`);
  await db.unsafe(`
    insert into reliability_events (user_id, job_id, kind, role, on_date, notice_hours, created_at)
    select j.employer_id, j.id, 'late_cancellation', 'employer', j.start_date, 5, j.start_date - interval '5 hours'
    from jobs j where abs(hashtext(j.id::text)) % 50 = 7`);
  await db.unsafe(`vacuum analyze`);
  console.log(`seeded applications and strikes in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

async function main() {
  await prepareMarketplace(URL_);
  const raw = postgres(URL_, { max: 1, onnotice: () => {} });
  try {
    await seedHealth(raw);
  } finally {
    await raw.end({ timeout: 5 });
  }
  const database = await openDatabase({ databaseUrl: URL_, maxConnections: 2 });
  const now = new Date();
  console.log(`${JOBS} jobs; ${RUNS} runs of each figure; ms`);
  console.log(["window", "country", "figure", "p50", "p99"].join("\t"));
  try {
    for (const window of HEALTH_WINDOWS) {
      for (const country of [undefined, "RU" as const]) {
        const period = periodOf(window, now, country);
        for (const name of Object.keys(HEALTH_SERIES) as HealthSeriesName[]) {
          const figure = HEALTH_SERIES[name];
          for (let i = 0; i < 3; i++) await figure(database.db, period);
          const times: number[] = [];
          for (let i = 0; i < RUNS; i++) {
            const t0 = performance.now();
            await figure(database.db, period);
            times.push(performance.now() - t0);
          }
          times.sort((x, y) => x - y);
          const p50 = quantile(times, 0.5).toFixed(1);
          const p99 = quantile(times, 0.99).toFixed(1);
          console.log([window, country ?? "all", name, p50, p99].join("\t"));
        }
      }
    }
  } finally {
    await database.close();
  }
}

await main();

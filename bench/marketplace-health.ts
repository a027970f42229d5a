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
// the first day and one owner in 50 cancels late; then reports, holds, decisions and appeals
// (seedModeration). Prints p50 and p99 in ms of each figure.
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

/**
 * What moderation's figures read: a report on one job in 40 (a day or two after posting), half of them
 * decided 5-35 hours later; one job in 30 held at posting and approved within a day; one decision in 5
 * appealed a day later, one in 10 answered two days after that (every other answer a reversal).
 */
async function seedModeration(db: postgres.Sql) {
  const [{ n }] = (await db`select count(*)::int as n from reports`) as unknown as [{ n: number }];
  if (n > 0 && process.env.BENCH_RESEED !== "1") return;
  const t0 = performance.now();
  await db.unsafe(`truncate reports, job_holds, moderation_decisions, appeals cascade`);
  await db.unsafe(`
    insert into reports (subject_type, subject_id, subject_user_id, reason, created_at, status, closed_at, outcome)
    select 'job', j.id::text, j.employer_id, (array['scam', 'fake_job', 'spam', 'other'])[1 + h % 4],
           j.created_at + (1 + h % 48) * interval '1 hour',
           case when h % 80 = 3 then 'closed' else 'open' end,
           case when h % 80 = 3 then j.created_at + (1 + h % 48) * interval '1 hour' + (5 + h % 31) * interval '1 hour' end,
           case when h % 80 = 3 then 'actioned' end
    from (select j.*, abs(hashtext(j.id::text)) as h from jobs j) j where j.h % 40 = 3`);
  await db.unsafe(`
    insert into moderation_decisions (subject_type, subject_id, affected_user_id, action, ground, note, decided_at)
    select 'job', r.subject_id, r.subject_user_id, 'remove', 'scam', 'bench', r.closed_at from reports r where r.status = 'closed'`);
  await db.unsafe(`
    insert into job_holds (job_id, rules, held_at, decided_at, decision)
    select j.id, array['link'], j.created_at, j.created_at + (1 + abs(hashtext(j.id::text)) % 24) * interval '1 hour', 'approved'
    from jobs j where abs(hashtext(j.id::text)) % 30 = 11`);
  await db.unsafe(`
    insert into moderation_decisions (subject_type, subject_id, action, ground, note, decided_at)
    select 'job', h.job_id::text, 'approve', 'terms_violation', 'bench', h.decided_at from job_holds h`);
  await db.unsafe(`
    insert into appeals (kind, decision_id, text, created_at, outcome, answer, answered_at)
    select 'decision', d.id, 'bench', d.decided_at + interval '1 day',
           case when h % 20 = 0 then 'reversed' when h % 10 = 0 then 'upheld' end,
           case when h % 10 = 0 then 'bench' end,
           case when h % 10 = 0 then d.decided_at + interval '3 days' end
    from (select d.*, abs(hashtext(d.id::text)) as h from moderation_decisions d) d where d.h % 5 = 0`);
  await db.unsafe(`vacuum analyze`);
  console.log(`seeded reports, holds, decisions and appeals in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

async function main() {
  await prepareMarketplace(URL_);
  const raw = postgres(URL_, { max: 1, onnotice: () => {} });
  try {
    await seedHealth(raw);
    await seedModeration(raw);
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

// The money ledger (docs/decisions/076) at a million postings: how many agreed timesheets concurrent
// callers post per second, and how long a worker's balance and an employer's statement take.
//
// Usage:
//   node --import tsx bench/ledger.ts          (or: npm run bench:ledger)
// Environment (all optional):
//   BENCH_DATABASE_URL  Postgres to use; default postgres://postgres@127.0.0.1:5432/daywork_bench_ledger
//                       (its own database: dropped and made again to reseed, since the ledger refuses TRUNCATE)
//   BENCH_POSTINGS      postings to seed (default 1000000)
//   BENCH_RESEED=1      seed again even if the data is already there
//   BENCH_CALLERS       concurrent callers posting agreed timesheets (default 8)
//   BENCH_POST_SECONDS  how long they post (default 10)
//   BENCH_RUNS          timed runs of each read (default 200), after 10 untimed ones
// The seed is written by Postgres with generate_series: 100 employers and 2,000 workers, jobs of three
// workers for two days (a hold, each day agreed, captured and paid out, the rest of the hold released: 82
// postings a job) over the past year. It is written with triggers off (session_replication_role =
// replica) for speed, then checked with the rule the commit-time trigger applies. Prints postings per
// second and p50 / p99 in ms of each read, for workers and employers picked at random.
import { createHash, randomUUID } from "node:crypto";
import postgres from "postgres";

import { openDatabase, type OpenedDatabase } from "../db/open.ts";
import { adminUrl, withDatabase } from "../db/testing/postgres-admin.ts";
import { timesheetAgreed } from "../domain/ledger-flows.ts";
import { person } from "../domain/ledger.ts";
import { employerSpendByJob, jobMoney } from "../server/money/ledger/job-money.ts";
import { postTransaction } from "../server/money/ledger/post-transaction.ts";
import { partyStatement } from "../server/money/ledger/statement.ts";
import { workerBalance, workerEarningsByMonth } from "../server/money/ledger/worker-money.ts";

const URL_ = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/daywork_bench_ledger";
const POSTINGS = Number(process.env.BENCH_POSTINGS ?? 1_000_000);
const CALLERS = Number(process.env.BENCH_CALLERS ?? 8);
const POST_SECONDS = Number(process.env.BENCH_POST_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const EMPLOYERS = 100;
const WORKERS = 2000;
const POSTINGS_PER_JOB = 82;
const JOBS = Math.ceil(POSTINGS / POSTINGS_PER_JOB);

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** The database made anew, migrated; answers whether it was (else the seeded one is used as it is). */
async function prepare(): Promise<boolean> {
  const name = new URL(URL_).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const seeded = await withDatabase(adminUrl(URL_), async (admin) => {
    if ((await admin`select 1 from pg_database where datname = ${name}`).length === 0) return false;
    return withDatabase(URL_, async (db) => {
      const [row] = await db`select count(*)::int as n from ledger_postings`.catch(() => [{ n: 0 }]);
      return Number(row?.n ?? 0) >= POSTINGS;
    });
  });
  if (seeded && process.env.BENCH_RESEED !== "1") return false;
  await withDatabase(adminUrl(URL_), async (admin) => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  });
  const database = await openDatabase({ databaseUrl: URL_, maxConnections: 2 });
  await database.migrate();
  await database.close();
  return true;
}

/** People, their parties, and JOBS jobs' postings, written by Postgres; then checked and analysed. */
async function seed(db: postgres.Sql) {
  const t0 = performance.now();
  await db.unsafe(`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || k || '-' || g, 'Bench ' || k || ' ' || g, 'bench-' || k || '-' || g || '@example.com', true
    from (select 'e' as k, g from generate_series(1, ${EMPLOYERS}) g union all select 'w', g from generate_series(1, ${WORKERS}) g) p`);
  await db.unsafe(`
    insert into profiles (id, user_type, full_name, consent_data_processing, terms_accepted, age_verified, onboarding_completed_at)
    select id, case when id like 'bench-e-%' then 'employer' else 'worker' end::user_type, name, true, true, true, now()
    from "user"`);
  await db.unsafe(`
    insert into ledger_parties (id, kind, user_id, label)
    select md5(p.id)::uuid, p.user_type::text::ledger_party_kind, p.id, p.user_type::text || ' ' || upper(left(md5(p.id), 8))
    from profiles p
    union all select md5('platform')::uuid, 'platform', null, 'daywork'
    union all select md5('yookassa')::uuid, 'provider', null, 'yookassa'`);
  // Triggers (and so foreign keys and the commit-time check) off for the bulk write; checked below.
  await db.begin(async (tx) => {
    await tx.unsafe(`set local session_replication_role = replica`);
    await tx.unsafe(`
      create temp table bench_jobs on commit drop as
      select j, md5('bench-e-' || (1 + j % ${EMPLOYERS}))::uuid as e, md5('job' || j)::uuid as job,
             now() - interval '4 days' - (${JOBS} - j) * (interval '365 days' / ${JOBS}) as at
      from generate_series(1, ${JOBS}) j`);
    await tx.unsafe(`
      create temp table bench_days on commit drop as
      select b.j, b.e, b.job, i, d, md5('bench-w-' || (1 + (3 * b.j + i) % ${WORKERS}))::uuid as w,
             (400000 - ((b.j + i + d) % 5) * 10000)::bigint as a,
             b.at + (1 + d) * interval '1 day' + interval '18 hours' + i * interval '1 minute' as at
      from bench_jobs b, generate_series(0, 2) i, generate_series(0, 1) d`);
    // Per day: agreed, captured from the hold, asked for, paid out.
    await tx.unsafe(`
      create temp table bench_day_tx on commit drop as
      select md5(v.k || ':' || d.j || ':' || d.i || ':' || d.d)::uuid as id, v.k, v.cause, v.lines, d.*, d.at + v.off as tx_at
      from bench_days d, (values ('agreed', 'timesheet_agreed', 3, interval '0'), ('captured', 'captured', 5, interval '5 minutes'),
                                 ('requested', 'payout_requested', 2, interval '10 minutes'), ('paid', 'payout_paid', 2, interval '40 minutes'))
           v(k, cause, lines, off)`);
    await tx.unsafe(`
      insert into ledger_transactions (id, idempotency_key, cause, cause_ref, job_id, currency, line_count, created_at)
      select md5('hold' || j)::uuid, 'bench:hold:' || j, 'hold_authorised'::ledger_cause, 'job-' || j, job, 'RUB'::job_currency, 5, at from bench_jobs
      union all
      select md5('release' || j)::uuid, 'bench:release:' || j, 'hold_released'::ledger_cause, 'job-' || j, job, 'RUB'::job_currency, 5, at + interval '3 days' from bench_jobs
      union all
      select id, 'bench:' || k || ':' || j || ':' || i || ':' || d, cause::ledger_cause, 'sheet-' || j || '-' || i || '-' || d,
             case when k in ('agreed', 'captured') then job end, 'RUB'::job_currency, lines, tx_at
      from bench_day_tx`);
    const P = `md5('platform')::uuid`;
    const Y = `md5('yookassa')::uuid`;
    await tx.unsafe(`
      insert into ledger_postings (transaction_id, account, party_id, amount_minor, currency, created_at)
      select md5('hold' || b.j)::uuid, l.account::ledger_account, l.party, l.amount, 'RUB', b.at
      from bench_jobs b cross join lateral (values
        ('card_hold', b.e, 2640000::bigint),
        ('hold_secured', md5('bench-w-' || (1 + (3 * b.j) % ${WORKERS}))::uuid, -800000),
        ('hold_secured', md5('bench-w-' || (1 + (3 * b.j + 1) % ${WORKERS}))::uuid, -800000),
        ('hold_secured', md5('bench-w-' || (1 + (3 * b.j + 2) % ${WORKERS}))::uuid, -800000),
        ('hold_secured', ${P}, -240000)) l(account, party, amount)`);
    await tx.unsafe(`
      insert into ledger_postings (transaction_id, account, party_id, amount_minor, currency, created_at)
      select t.id, l.account::ledger_account, l.party, l.amount, 'RUB', t.tx_at
      from bench_day_tx t cross join lateral (
        select * from (values
          ('agreed', 'employer_receivable', t.e, t.a + t.a / 10), ('agreed', 'worker_payable', t.w, -t.a),
          ('agreed', 'platform_fee', ${P}, -t.a / 10),
          ('captured', 'provider_cash', ${Y}, t.a + t.a / 10), ('captured', 'employer_receivable', t.e, -(t.a + t.a / 10)),
          ('captured', 'hold_secured', t.w, t.a), ('captured', 'hold_secured', ${P}, t.a / 10),
          ('captured', 'card_hold', t.e, -(t.a + t.a / 10)),
          ('requested', 'worker_payable', t.w, t.a), ('requested', 'payouts_in_transit', t.w, -t.a),
          ('paid', 'payouts_in_transit', t.w, t.a), ('paid', 'provider_cash', ${Y}, -t.a)) v(k, account, party, amount)
        where v.k = t.k) l`);
    // What is left of each hold: each worker's planned 8,000.00 less their agreed pay, the fee's likewise.
    await tx.unsafe(`
      insert into ledger_postings (transaction_id, account, party_id, amount_minor, currency, created_at)
      select md5('release' || r.j)::uuid, l.account::ledger_account, l.party, l.amount, 'RUB', b.at + interval '3 days'
      from (select j, e, array_agg(w order by i) as ws, array_agg(800000 - paid order by i) as rests
            from (select j, e, i, w, sum(a) as paid from bench_days group by j, e, i, w) per_worker group by j, e) r
      join bench_jobs b on b.j = r.j
      cross join lateral (values
        ('hold_secured', r.ws[1], r.rests[1]), ('hold_secured', r.ws[2], r.rests[2]), ('hold_secured', r.ws[3], r.rests[3]),
        ('hold_secured', ${P}, (r.rests[1] + r.rests[2] + r.rests[3]) / 10),
        ('card_hold', r.e, -((r.rests[1] + r.rests[2] + r.rests[3]) * 11 / 10))) l(account, party, amount)`);
  });
  console.log(`seeded ${JOBS} jobs in ${seconds(t0)} s`);
  const t1 = performance.now();
  const [check] = await db`
    select (select count(*)::int from ledger_postings) as postings,
           (select count(*)::int from (
              select transaction_id from ledger_postings
              group by transaction_id, currency, daywork_ledger_book(account) having sum(amount_minor) <> 0) u) as unbalanced,
           (select count(*)::int from ledger_transactions t
              left join (select transaction_id, count(*) as n from ledger_postings group by 1) p on p.transaction_id = t.id
              where p.n is distinct from t.line_count) as miscounted`;
  if (!check || check.unbalanced !== 0 || check.miscounted !== 0)
    throw new Error(`seed breaks the ledger's rules: ${JSON.stringify(check)}`);
  console.log(`checked ${check.postings} postings: every transaction balances and holds its line_count (${seconds(t1)} s)`);
  const t2 = performance.now();
  await db.unsafe(`vacuum analyze`);
  console.log(`vacuum analyze in ${seconds(t2)} s`);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

const pick = (prefix: "e" | "w", count: number) => `bench-${prefix}-${1 + Math.floor(Math.random() * count)}`;

/** CALLERS callers posting agreed timesheets, each in its own transaction, for POST_SECONDS. */
async function postingRate(database: OpenedDatabase) {
  let posted = 0;
  const until = performance.now() + POST_SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (performance.now() < until) {
        const key = randomUUID();
        const amount = 400_000n - BigInt(Math.floor(Math.random() * 5)) * 10_000n;
        const result = await database.db.transaction((tx) =>
          postTransaction(tx, {
            ...timesheetAgreed("through_daywork", person(pick("e", EMPLOYERS)), person(pick("w", WORKERS)), amount),
            idempotencyKey: `bench:live:${key}`,
            currency: "RUB",
            causeRef: key,
            jobId: randomUUID(),
          }),
        );
        if (!result.ok) throw new Error(result.reason);
        posted += 1;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  console.log(
    `agreed timesheets: ${CALLERS} callers, ${posted} in ${elapsed.toFixed(1)} s: ${(posted / elapsed).toFixed(0)} transactions/s, ${((posted * 3) / elapsed).toFixed(0)} postings/s`,
  );
}

async function timed(name: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((x, y) => x - y);
  console.log([name, quantile(times, 0.5).toFixed(2), quantile(times, 0.99).toFixed(2)].join("\t"));
}

async function main() {
  const started = performance.now();
  if (await prepare()) {
    const raw = postgres(URL_, { max: 1, onnotice: () => {} });
    try {
      await seed(raw);
    } finally {
      await raw.end({ timeout: 5 });
    }
  } else console.log("using the seeded ledger (BENCH_RESEED=1 to seed again)");
  const database = await openDatabase({ databaseUrl: URL_, maxConnections: CALLERS * 2 });
  try {
    await postingRate(database);
    const db = database.db;
    console.log(`${RUNS} runs of each read; ms`);
    console.log(["read", "p50", "p99"].join("\t"));
    await timed("worker balance", () => workerBalance(db, pick("w", WORKERS)));
    await timed("worker earnings by month", () => workerEarningsByMonth(db, pick("w", WORKERS), "Europe/Moscow"));
    await timed("employer statement, first page", () => partyStatement(db, { userId: pick("e", EMPLOYERS) }));
    // A page from the middle of a year of postings: the keyset seeks to it as fast as to the first.
    const middle = new Date(Date.now() - 182 * 86_400_000).toISOString();
    const cursor = { at: middle, id: "ffffffff-ffff-ffff-ffff-ffffffffffff" };
    await timed("employer statement, a page half a year back", () =>
      partyStatement(db, { userId: pick("e", EMPLOYERS) }, { cursor }),
    );
    await timed("employer spend by job, first page", () => employerSpendByJob(db, pick("e", EMPLOYERS), null));
    await timed("job money", () => jobMoney(db, randomJob()));
  } finally {
    await database.close();
  }
  console.log(`done in ${seconds(started)} s`);
}

/** A seeded job's id, as the seed makes it (md5 of 'job' and its number, as a uuid). */
function randomJob(): string {
  const hex = createHash("md5")
    .update(`job${1 + Math.floor(Math.random() * JOBS)}`)
    .digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

await main();

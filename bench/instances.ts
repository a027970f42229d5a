// Horizontal scaling: 1, then 2 app instances, each its own process (bench/support/app-process.ts, the
// app as in production), on one Postgres, behind a round-robin spread of the load. For each count:
// - home list: the SPA's first-page request (jobs.search, no filters) from 32 concurrent clients over
//   kept-alive connections, spread over the instances: requests/s, p50, p99, server CPU per request;
// - chat fan-out: N subscribers of one group chat spread over the instances (each instance hears the
//   others' messages over Postgres LISTEN/NOTIFY), messages sent through the instances in turn, in a
//   burst then one at a time: deliveries/s and commit-to-receipt latency (commit reported by the sending
//   instance, receipt timed here, both on the machine's shared clock);
// - the Postgres connections the instances hold (pg_stat_activity), against the budget in docs/deploy.md.
// Then each figure's ratio, 2 instances over 1. On one machine the instances, Postgres and the load share
// the same cores: the ratio says what a second process adds here, not what a second machine would.
//
//   npm run bench:instances
// Environment (all optional):
//   BENCH_DATABASE_URL  as bench/home-list.ts (its marketplace: created, migrated and seeded if needed)
//   BENCH_INSTANCES     instance counts to run (default "1,2")
//   BENCH_SECONDS       seconds of home-list load per count (default 8)
//   BENCH_CONCURRENCY   home-list requests in flight (default 32)
//   BENCH_SUBSCRIBERS   chat subscribers (default 200)
//   BENCH_MESSAGES      messages per chat phase (default 40)
//   BENCH_POOL_SIZE     database connections of each instance (default: the app's own)
// Bounded: about 40 s per count after the first seeding; every wait has a timeout.
import os from "node:os";

import { openDatabase } from "../db/open.ts";
import { APP_ENTRY, BENCH_ORIGIN, forkServer, type ServerProcess } from "./support/app-process.ts";
import {
  deliveries,
  groupChat,
  peopleFor,
  sendChatMessage,
  signUpPeople,
  subscribe,
  until,
  wallNow,
  type DeliveryStats,
} from "./support/chat.ts";
import { fmt, load, loopbackGetter, summary } from "./support/load.ts";
import { BENCH_DATABASE_URL, prepareMarketplace } from "./support/marketplace.ts";
import { homeListPath, SPA_HEADERS } from "./support/spa-requests.ts";

const COUNTS = (process.env.BENCH_INSTANCES ?? "1,2").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 40);
/** The people this bench signs up; removed (with their job and chat) before and after each run. */
const EMAIL_PREFIX = "bench-instances-";

type Figures = {
  instances: number;
  home: { rps: number; p50: number; p99: number; errors: number; cpuMicros: number };
  burst: DeliveryStats;
  paced: DeliveryStats;
  connections: string;
};

const get = loopbackGetter({ maxSockets: CONCURRENCY, headers: SPA_HEADERS });
const database = await openDatabase({ databaseUrl: BENCH_DATABASE_URL, maxConnections: 2 });
const sql = (() => {
  if (!database.sql) throw new Error("the bench needs Postgres");
  return database.sql;
})();

/**
 * The instances' connections now: each pool with its LISTEN connection (person events and the queue),
 * named "daywork/<pid>.<n>@<host>", and each chat bus's LISTEN connection; this bench's own pool left out.
 */
async function connectionsHeld(instances: number): Promise<string> {
  const rows = await sql<{ kind: string; n: number }[]>`
    select case when application_name = 'daywork-chat-listener' then 'chat bus LISTEN' else 'pool + its LISTEN' end as kind,
           count(*)::int as n
    from pg_stat_activity
    where datname = current_database() and (application_name like 'daywork/%' or application_name = 'daywork-chat-listener')
      and application_name <> current_setting('application_name')
    group by 1 order by 1 desc`;
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  return `${total} (${rows.map((row) => `${row.kind} ${row.n}`).join(", ")}; ${(total / instances).toFixed(1)} per instance)`;
}

async function removeBenchPeople() {
  await sql`delete from "user" where email like ${`${EMAIL_PREFIX}%`}`;
}

async function homeList(servers: ServerProcess[]): Promise<Figures["home"]> {
  const path = homeListPath();
  for (const server of servers) {
    const res = await fetch(`${server.origin}${path}`, { headers: SPA_HEADERS });
    if (res.status !== 200) throw new Error(`home list: ${res.status} ${(await res.text()).slice(0, 300)}`);
  }
  const call = (i: number) => get(servers[i % servers.length]?.port ?? 0, path);
  // JIT, connections and statement caches warm up off the record.
  await load(CONCURRENCY, 2, call);
  const cpu = async () => (await Promise.all(servers.map((s) => s.cpu()))).reduce((a, b) => a + b, 0);
  const cpu0 = await cpu();
  const result = await load(CONCURRENCY, SECONDS, call);
  const cpuMicros = ((await cpu()) - cpu0) / Math.max(1, result.requests);
  const { rps, p50, p99, errors } = summary([result]);
  return { rps, p50, p99, errors, cpuMicros };
}

async function chat(servers: ServerProcess[]): Promise<{ burst: DeliveryStats; paced: DeliveryStats }> {
  const track = deliveries(SUBSCRIBERS);
  for (const server of servers) {
    server.onMessage((m) => {
      if (m.type === "published") track.sentAt.set(m.messageId, m.at);
    });
  }
  const origins = servers.map((s) => s.origin);
  const people = await signUpPeople(
    database.db,
    origins,
    BENCH_ORIGIN,
    peopleFor(SUBSCRIBERS),
    `${EMAIL_PREFIX}${servers.length}-`,
  );
  const conversationId = await groupChat(database.db, people);
  const subscribers = await subscribe({
    wsUrls: servers.map((s) => `ws://127.0.0.1:${s.port}/api/trpc`),
    origin: BENCH_ORIGIN,
    people,
    subscribers: SUBSCRIBERS,
    conversationId,
    onMessage: (id) => track.received(id),
    client: "trpc",
  });
  try {
    // The i-th message is sent by the i-th person through the i-th instance.
    let sent = 0;
    const send = () => {
      const i = sent++;
      const sender = people[i % people.length];
      if (!sender) throw new Error("no sender");
      return sendChatMessage(origins[i % origins.length] ?? "", sender.cookie, BENCH_ORIGIN, conversationId);
    };
    for (let i = 0; i < 5; i++) await send();
    await until(track.allComplete, "warm-up deliveries");

    const burstIds: number[] = [];
    const t0 = wallNow();
    for (let i = 0; i < MESSAGES; i++) burstIds.push(await send());
    await until(() => burstIds.every((id) => track.sentAt.has(id)) && track.allComplete(), "burst deliveries");
    const burst = track.stats(burstIds, t0);

    const pacedIds: number[] = [];
    const t1 = wallNow();
    for (let i = 0; i < MESSAGES; i++) {
      const id = await send();
      pacedIds.push(id);
      await until(() => track.complete(id), "paced delivery");
    }
    await until(() => pacedIds.every((id) => track.sentAt.has(id)), "commit reports");
    return { burst, paced: track.stats(pacedIds, t1) };
  } finally {
    await subscribers.close();
  }
}

async function run(instances: number): Promise<Figures> {
  const servers = await Promise.all(
    Array.from({ length: instances }, () => forkServer(APP_ENTRY, ["--serve-app"], { BENCH_REPORT_COMMITS: "1" })),
  );
  try {
    const home = await homeList(servers);
    const connections = await connectionsHeld(instances);
    const { burst, paced } = await chat(servers);
    return { instances, home, burst, paced, connections };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await removeBenchPeople();
  }
}

const began = performance.now();
await prepareMarketplace(BENCH_DATABASE_URL);
await removeBenchPeople();
console.log(
  `${os.availableParallelism()} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}; home list: ${CONCURRENCY} concurrent clients, ${SECONDS} s; chat: ${SUBSCRIBERS} subscribers, ` +
    `${MESSAGES} messages per phase`,
);
const results: Figures[] = [];
try {
  for (const instances of COUNTS) {
    const figures = await run(instances);
    results.push(figures);
    const { home, burst, paced } = figures;
    console.log(
      `\n${instances} instance(s)\n` +
        `  home list      ${fmt(home.rps)} req/s  p50 ${fmt(home.p50, 1, 6)} ms  p99 ${fmt(home.p99, 1, 6)} ms  ` +
        `server CPU ${fmt(home.cpuMicros, 0, 5)} µs/req${home.errors ? `  ERRORS ${home.errors}` : ""}\n` +
        `  chat burst     ${fmt(burst.deliveriesPerSecond)} deliveries/s (${fmt(burst.deliveredRate, 1, 6)} msg/s to all)  ` +
        `commit-to-receipt p50 ${fmt(burst.p50, 1, 6)} ms  p99 ${fmt(burst.p99, 1, 6)} ms\n` +
        `  chat paced     ${fmt(paced.deliveriesPerSecond)} deliveries/s (${fmt(paced.deliveredRate, 1, 6)} msg/s to all)  ` +
        `commit-to-receipt p50 ${fmt(paced.p50, 1, 6)} ms  p99 ${fmt(paced.p99, 1, 6)} ms\n` +
        `  Postgres connections held after the load: ${figures.connections}`,
    );
  }
} finally {
  await database.close();
}

const [one, ...more] = results;
for (const other of more) {
  if (!one) break;
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  console.log(
    `\n${other.instances} instances / 1: home list req/s x${ratio(other.home.rps, one.home.rps)}, ` +
      `p99 x${ratio(other.home.p99, one.home.p99)}; chat deliveries/s burst x${ratio(other.burst.deliveriesPerSecond, one.burst.deliveriesPerSecond)}, ` +
      `paced x${ratio(other.paced.deliveriesPerSecond, one.paced.deliveriesPerSecond)}; commit-to-receipt p99 burst ` +
      `x${ratio(other.burst.p99, one.burst.p99)}, paced x${ratio(other.paced.p99, one.paced.p99)}`,
  );
}
console.log(
  `\n(${((performance.now() - began) / 1000).toFixed(0)} s; load average now ${os.loadavg()[0]?.toFixed(1)} on ${os.availableParallelism()} cores)`,
);
process.exit(0);

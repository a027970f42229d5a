// The notification delivery queue under a flood (issue 35, docs/decisions/055): real workers polling as
// a server's do, mail over SMTP to a real peer on loopback, and an unrelated person's invitation sent
// in the middle of the flood, timed from its commit to its arrival at the peer.
//
//   npx tsx bench/notification-queue.ts            # PGlite in memory (npm run bench:notifications)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/notification-queue.ts
//                                                  # a scratch database there
//   BENCH_FLOOD=600 BENCH_RECIPIENTS=300           # the defaults
//
// Two floods, each written as fast as the database takes them, every notice its own event (as an
// attacker's clicks are):
// - one recipient: BENCH_FLOOD notices for one person (the attack of issue 35);
// - many recipients: one notice each for BENCH_RECIPIENTS people (nothing to coalesce: the queue's pace).
// For each: notices written per second, the invitation's latency, the flooded people's mails, and how
// long until every flooded notice was sent (deliveries per second).
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";

import { queryRows } from "../db/database.ts";
import { createJob, dateFromToday } from "../db/factories/jobs.ts";
import { createEmployer, createWorker } from "../db/factories/users.ts";
import { openDatabase, type OpenedDatabase } from "../db/open.ts";
import { backgroundHandlers } from "../server/background-work.ts";
import { loadConfig } from "../server/config.ts";
import { startServices, stopServices } from "../server/instance-services.ts";
import { notifyPeople } from "../server/notifications/notify.ts";
import { inviteWorker } from "../server/rehiring/invite.ts";
import { localFileStore } from "../server/storage/file-store.ts";
import { startSmtpPeer } from "../server/testing/smtp-peer.ts";

const FLOOD = Number(process.env.BENCH_FLOOD ?? 600);
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 300);

async function openBenchDatabase(): Promise<OpenedDatabase & { drop(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const db = await openDatabase({ dataDir: null });
    await db.migrate();
    return { ...db, drop: async () => {} };
  }
  const name = `daywork_bench_${randomBytes(4).toString("hex")}`;
  const admin = (await import("postgres")).default(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: target.toString(), maxConnections: 10 });
  await db.migrate();
  return {
    ...db,
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

type Figures = {
  flood: string;
  noticesPerSecond: number;
  invitationMs: number;
  floodedMails: number;
  allSentSeconds: number;
  maxWaitingDeliveries: number;
};

async function run(kind: "one recipient" | "many recipients"): Promise<Figures> {
  const database = await openBenchDatabase();
  const smtp = await startSmtpPeer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "daywork-bench-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    STATIC_DIR: path.join(dataDir, "no-static"),
    LOG_LEVEL: "silent",
    SMTP_URL: smtp.url,
  });
  // Polling as a server's queue does (2 s), schedules off.
  const services = await startServices(database, config, {
    files: localFileStore(dataDir),
    log: { info() {}, warn() {} },
    queue: { schedule: false },
  });
  await services.queue.work(backgroundHandlers(database.db, services, config));
  const db = database.db;
  try {
    const attacker = await createWorker(db, { fullName: "Flooding Worker" });
    const victims =
      kind === "one recipient"
        ? [await createEmployer(db, { fullName: "Flooded Owner" })]
        : await Promise.all(Array.from({ length: RECIPIENTS }, (_, i) => createEmployer(db, { fullName: `Owner ${i}` })));
    const floodJob = await createJob(db, victims[0]?.id ?? "", { title: "Flooded job" });
    const owner = await createEmployer(db, { fullName: "Unrelated Owner" });
    const worker = await createWorker(db, { fullName: "Unrelated Worker" });
    const job = await createJob(db, owner.id, { title: "Unrelated invitation", startDate: dateFromToday(3) });
    const notices = kind === "one recipient" ? FLOOD : RECIPIENTS;

    let maxWaiting = 0;
    const sampleDepth = async () => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pgboss.job where name = 'deliver-notifications' and state in ('created', 'retry')`,
      );
      maxWaiting = Math.max(maxWaiting, Number(row?.n ?? 0));
    };

    const floodStarted = performance.now();
    let invitation: Promise<number> | null = null;
    for (let i = 0; i < notices; i += 1) {
      const victim = victims[i % victims.length];
      if (!victim) continue;
      await db.transaction((tx) =>
        notifyPeople(
          tx,
          services.queue,
          [victim.id],
          { kind: "application_received", jobId: floodJob.id, jobTitle: "Flooded job", applicantName: `Applicant ${i}` },
          { actorId: attacker.id },
        ),
      );
      if (i % 50 === 0) await sampleDepth();
      // The unrelated invitation a third of the way into the flood.
      if (i === Math.floor(notices / 3)) {
        const sentAt = performance.now();
        await inviteWorker(db, services.queue, { jobId: job.id, ownerId: owner.id, workerId: worker.id, now: new Date() });
        invitation = smtp.waitFor((m) => m.to.includes(worker.email), 30 * 60_000).then(() => performance.now() - sentAt);
      }
    }
    const writeSeconds = (performance.now() - floodStarted) / 1000;
    await sampleDepth();
    const invitationMs = invitation ? await invitation : Number.NaN;

    // Every flooded notice sent (its e-mail claimed and the mail at the peer), or a minute more of pace.
    const victimIds = new Set(victims.map((v) => v.email));
    const deadline = performance.now() + 5 * 60_000;
    for (;;) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from notifications where kind = 'application_received' and payload->>'jobTitle' = 'Flooded job' and emailed_at is null`,
      );
      if (Number(row?.n) === 0 || performance.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Claimed is not yet received: the last mails are still on their way to the peer.
    const floodedMailCount = () => smtp.mails.filter((m) => m.to.some((to) => victimIds.has(to))).length;
    let floodedMails = -1;
    while (floodedMails !== floodedMailCount()) {
      floodedMails = floodedMailCount();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const allSentSeconds = (performance.now() - floodStarted) / 1000 - 1;
    return {
      flood: `${notices} notices, ${kind}`,
      noticesPerSecond: Math.round(notices / writeSeconds),
      invitationMs: Math.round(invitationMs),
      floodedMails,
      allSentSeconds: Math.round(allSentSeconds * 10) / 10,
      maxWaitingDeliveries: maxWaiting,
    };
  } finally {
    await stopServices(services);
    await database.close();
    await database.drop();
    await smtp.close();
  }
}

const results: Figures[] = [];
for (const kind of ["one recipient", "many recipients"] as const) {
  const figures = await run(kind);
  results.push(figures);
  console.info(JSON.stringify(figures));
}
console.table(results);
console.info(
  "Before decision 055 (issue 35, production build): about 0.5 deliveries a second; an invitation waited 19 minutes behind 563 deliveries.",
);

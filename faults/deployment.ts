// The deployment the fault suite breaks (docs/decisions/067): a throwaway Postgres cluster, an S3 server
// and an SMTP sink each behind a fault proxy, and two Daywork instances in processes of their own, both
// started at once on the empty database, configured as an operator would (production, one secret).
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type postgres from "postgres";

import type { Database } from "../db/database.ts";
import { openDatabase, type OpenedDatabase } from "../db/open.ts";
import { startS3Peer, type S3Peer } from "../server/storage/testing/s3-peer.ts";
import { startFaultProxy, type FaultProxy } from "../server/testing/fault-proxy.ts";
import { startSmtpPeer, type SmtpPeer } from "../server/testing/smtp-peer.ts";
import { ORIGIN } from "./calls.ts";
import { startInstanceProcess, type InstanceProcess } from "./instance-process.ts";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./throwaway-postgres.ts";

/** The bucket's bounds in the instances (S3_CONNECT_TIMEOUT_MS, S3_REQUEST_TIMEOUT_MS): short, so a stall is quick to see. */
export const S3_TIMEOUTS = { connectMs: 1_000, requestMs: 2_000 };

export type Deployment = {
  postgres: ThrowawayPostgres;
  /** The suite's own connection to the instances' database (fixtures and checks), two connections. */
  db: Database;
  sql: postgres.Sql;
  s3: S3Peer;
  /** The proxy the instances reach the bucket through. */
  bucket: FaultProxy;
  smtp: SmtpPeer;
  /** The proxy the instances reach the mail server through. */
  mailServer: FaultProxy;
  /** The instances (after `restart`, the new process). */
  readonly a: InstanceProcess;
  readonly b: InstanceProcess;
  /** Starts `name` ("a" or "b") again (after a kill) and waits until it is ready. */
  restart(name: "a" | "b"): Promise<InstanceProcess>;
  close(): Promise<void>;
};

/** Starts everything; both instances are started together and awaited until ready (or a rejection with their logs). */
export async function startDeployment(): Promise<Deployment> {
  const root = await mkdtemp(path.join(os.tmpdir(), "daywork-faults-"));
  const pg = await startThrowawayPostgres();
  const s3 = await startS3Peer();
  const smtp = await startSmtpPeer();
  const bucket = await startFaultProxy({ port: Number(new URL(s3.endpoint).port) });
  const mailServer = await startFaultProxy({ port: Number(new URL(smtp.url).port) });
  const settings = s3.settings();
  const env: Record<string, string> = {
    NODE_ENV: "production",
    PUBLIC_URL: ORIGIN,
    BETTER_AUTH_SECRET: "fault-suite-secret-fault-suite-secret-0",
    DATABASE_URL: pg.url,
    DATABASE_POOL_SIZE: "4",
    // A call the database cannot serve is answered "try again" after 5 s (docs/decisions/062; 8 s by default).
    REQUEST_DEADLINE_MS: "5000",
    S3_BUCKET: settings.bucket,
    S3_ENDPOINT: `http://${bucket.host}`,
    S3_REGION: settings.region,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    S3_CONNECT_TIMEOUT_MS: String(S3_TIMEOUTS.connectMs),
    S3_REQUEST_TIMEOUT_MS: String(S3_TIMEOUTS.requestMs),
    SMTP_URL: `smtp://${mailServer.host}`,
    // Mails the server did not take are tried again after 1 s, then 2, 4 … (docs/decisions/064).
    MAIL_RETRY_DELAY_SECONDS: "1",
    // The suite signs many people in from one address; the limits have tests of their own.
    AUTH_RATE_LIMIT: "false",
    EXCHANGE_RATES_URL: "off",
    SEED_DEMO: "false",
    STATIC_DIR: path.join(root, "no-static"),
    LOG_LEVEL: "warn",
  };
  const instances: Record<"a" | "b", InstanceProcess | null> = { a: null, b: null };
  const launch = async (name: "a" | "b") => {
    const dir = path.join(root, name);
    await mkdir(dir, { recursive: true });
    const instance = await startInstanceProcess(name, env, dir);
    instances[name] = instance;
    return instance;
  };
  const running = (name: "a" | "b") => {
    const instance = instances[name];
    if (!instance) throw new Error(`instance ${name} was not started`);
    return instance;
  };
  let opened: OpenedDatabase | null = null;
  const close = async () => {
    await Promise.all([instances.a?.kill(), instances.b?.kill()]);
    await opened?.close();
    await Promise.all([bucket.close(), mailServer.close()]);
    await Promise.all([s3.close(), smtp.close()]);
    await pg.destroy();
    await rm(root, { recursive: true, force: true });
  };
  try {
    const started = await Promise.all([launch("a"), launch("b")]);
    await Promise.all(started.map((instance) => instance.ready()));
    opened = await openDatabase({ databaseUrl: pg.url, maxConnections: 2 });
    const { db, sql } = opened;
    if (!sql) throw new Error("expected Postgres");
    return {
      postgres: pg,
      db,
      sql,
      s3,
      bucket,
      smtp,
      mailServer,
      get a() {
        return running("a");
      },
      get b() {
        return running("b");
      },
      async restart(name) {
        await instances[name]?.kill();
        const instance = await launch(name);
        await instance.ready();
        return instance;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

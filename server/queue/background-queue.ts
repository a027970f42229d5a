import { sql } from "drizzle-orm";
import { fromDrizzle, PgBoss, type DrizzleTransactionLike, type Job, type Queue, type SendOptions } from "pg-boss";

import type { Queryable } from "../../db/database.ts";
import { QUEUE_SCHEMA, type QueueConnection } from "../../db/queue-connection.ts";

/** What each kind of job carries, by the kind's name (the app's list is server/background-jobs.ts). */
export type JobPayloads = Record<string, object>;
/** The name of a kind of job. */
export type JobName<P extends JobPayloads> = keyof P & string;
/** How one kind of job is queued, worked and scheduled. */
export type JobKind = {
  /** pg-boss's settings of its queue: policy, retries, retention. */
  queue: Omit<Queue, "name">;
  /** Jobs one worker fetches at once and runs side by side, and workers per instance; else one of each. */
  workers?: { batchSize: number; localConcurrency: number };
  /** Recurring work, as cron in UTC; pg-boss sends each tick once across all instances. */
  schedule?: string;
};
/** Every kind of job with how it is queued. */
export type JobKinds<P extends JobPayloads> = { [N in JobName<P>]: JobKind };
/** Where the queue and its jobs log (a service's log fits). */
export type QueueLog = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
};
/** The job a handler runs: its id, and a log whose lines carry the queue's name and the job's id. */
export type JobRun = { id: string; log: QueueLog };
export type QueueHandlers<P extends JobPayloads> = { [N in JobName<P>]: (data: P[N], job: JobRun) => Promise<void> };
/** How many jobs of a queue wait (created or to retry, deferred ones too) and run now, across every instance. */
export type QueueDepth<P extends JobPayloads> = { queue: JobName<P>; queued: number; active: number };

/** A queue of background jobs of the kinds `P`. */
export type JobQueue<P extends JobPayloads> = {
  /**
   * Adds a job inside the caller's transaction (the outbox): it exists only if that transaction commits.
   * Answers false when the queue's policy already holds one like it (a waiting digest).
   */
  send<N extends JobName<P>>(tx: Queryable, name: N, data: P[N], options?: SendOptions): Promise<boolean>;
  /** `send` for many jobs of one kind in one statement (a message's digests, an event's deliveries). */
  sendMany<N extends JobName<P>>(
    tx: Queryable,
    name: N,
    jobs: { data: P[N]; singletonKey?: string; startAfter?: number }[],
  ): Promise<void>;
  /**
   * Cancels, inside the caller's transaction, the jobs of kind `name` not yet started whose data
   * contains `data` (a delayed notice the action that caused it took back). Answers how many.
   */
  cancelWaiting<N extends JobName<P>>(tx: Queryable, name: N, data: Partial<P[N]>): Promise<number>;
  /** Starts this instance's workers (several instances may; each job runs on one of them). */
  work(handlers: QueueHandlers<P>): Promise<void>;
  /**
   * Runs every job that is due now with these handlers, in this process, until none is left (tests and
   * the seed CLI, where no worker polls). Failed jobs are marked failed for pg-boss to retry later.
   */
  runDue(handlers: QueueHandlers<P>): Promise<number>;
  /** The queues' depth now (read from pg-boss's job table; GET /api/metrics reports it). */
  depth(): Promise<QueueDepth<P>[]>;
  stop(): Promise<void>;
};

export type QueueOptions<P extends JobPayloads> = {
  log: QueueLog;
  /** Seconds between polls of an idle queue (pg-boss wakes sooner on LISTEN/NOTIFY where it can). */
  pollingSeconds?: number;
  /** Run the cron schedules and the maintenance of pg-boss's tables (off in tests). */
  schedule?: boolean;
  /** First retry delay of some kinds in place of their own (the mail queues' MAIL_RETRY_DELAY_SECONDS). */
  retryDelays?: Partial<Record<JobName<P>, number>>;
};

/** A background queue on pg-boss (docs/decisions/016) for the kinds of job `kinds`, over the app's own connection. */
export async function startBackgroundQueue<P extends JobPayloads>(
  connection: QueueConnection,
  kinds: JobKinds<P>,
  options: QueueOptions<P>,
): Promise<JobQueue<P>> {
  const names = Object.keys(kinds) as JobName<P>[];
  const schedule = options.schedule ?? true;
  const boss = new PgBoss({
    ...connection,
    schema: QUEUE_SCHEMA,
    // The schema is the database's: installed and upgraded by `migrate()` (db/queue-connection.ts).
    migrate: false,
    createSchema: false,
    supervise: schedule,
    schedule,
    useListenNotify: connection.backend === "postgres",
  });
  boss.on("error", (err) => options.log.warn({ event: "queue_error", err: String(err) }, "background queue error"));
  await boss.start();
  for (const name of names) await boss.createQueue(name, { notify: true, ...kinds[name].queue });
  // createQueue leaves an existing queue as it was; the delay is the queue's, read when a job is added.
  for (const name of names) {
    const retryDelay = options.retryDelays?.[name];
    if (retryDelay !== undefined) await boss.updateQueue(name, { retryDelay });
  }
  if (schedule)
    for (const name of names) {
      const cron = kinds[name].schedule;
      if (cron !== undefined) await boss.schedule(name, cron, {});
    }

  const pollingIntervalSeconds = options.pollingSeconds ?? 2;
  let stopped = false;

  return {
    async send(tx, name, data, sendOptions) {
      const id = await boss.send(name, data, { ...sendOptions, db: inTransaction(tx) });
      return id !== null;
    },
    async sendMany(tx, name, jobs) {
      // One INSERT … ON CONFLICT DO NOTHING: a job the queue's policy already holds is skipped, as with send.
      if (jobs.length > 0) await boss.insert(name, jobs, { db: inTransaction(tx) });
    },
    async cancelWaiting(tx, name, data) {
      const db = inTransaction(tx);
      const waiting = await boss.findJobs(name, { data, queued: true, db });
      if (waiting.length > 0)
        await boss.cancel(
          name,
          waiting.map((job) => job.id),
          { db },
        );
      return waiting.length;
    },
    async work(handlers) {
      for (const name of names) {
        // Polling stays brisk with LISTEN on: a job sent in our transaction is announced before it commits,
        // so the worker it woke may find nothing yet, and must not then wait pg-boss's relaxed 30 s.
        const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds };
        // A full batch fetches the next at once; each job is settled on its own (one failure retries only it).
        const batch = {
          batchSize: 1,
          localConcurrency: 1,
          ...kinds[name].workers,
          burstWhenBatchFull: true,
          perJobResults: true as const,
        };
        await boss.work(name, { ...polling, ...batch }, (jobs: Job<object>[]) =>
          Promise.all(
            jobs.map(async (job) => {
              try {
                await runLogged(handlers, name, job, options.log);
                return { id: job.id, status: "completed" as const };
              } catch (err) {
                return { id: job.id, status: "failed" as const, output: { message: String(err) } };
              }
            }),
          ),
        );
      }
    },
    async runDue(handlers) {
      let ran = 0;
      for (let round = 0; round < 20; round += 1) {
        let found = 0;
        for (const name of names) {
          const jobs = await boss.fetch<object>(name, { batchSize: 50 });
          for (const job of jobs) {
            found += 1;
            try {
              await runLogged(handlers, name, job, options.log);
              await boss.complete(name, job.id);
            } catch (err) {
              await boss.fail(name, job.id, { message: String(err) });
            }
          }
        }
        ran += found;
        if (found === 0) break;
      }
      return ran;
    },
    async depth() {
      // Live jobs only: pg-boss's partial index on them (name, state, …) serves this once finished ones pile up.
      const { rows } = await connection.db.executeSql(
        `select name,
                count(*) filter (where state in ('created', 'retry'))::int as queued,
                count(*) filter (where state = 'active')::int as active
         from ${QUEUE_SCHEMA}.job
         where state in ('created', 'retry', 'active')
         group by name`,
      );
      const found = new Map((rows as { name: string; queued: number; active: number }[]).map((row) => [row.name, row]));
      return names.map((queue) => ({
        queue,
        queued: Number(found.get(queue)?.queued ?? 0),
        active: Number(found.get(queue)?.active ?? 0),
      }));
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, close: false, timeout: 10_000 });
    },
  };
}

/** pg-boss's way into the caller's transaction: both drivers' transactions have drizzle's `execute`. */
function inTransaction(tx: Queryable) {
  return fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
}

/** `log` with `fields` on every line. */
function withFields(log: QueueLog, fields: object): QueueLog {
  return {
    info: (more, message) => log.info({ ...fields, ...more }, message),
    warn: (more, message) => log.warn({ ...fields, ...more }, message),
  };
}

/**
 * Runs one job with its handler, handing it a log that names the job; a failure is logged with the job's
 * id (pg-boss retries it as its queue says) and rethrown so that pg-boss marks it failed.
 */
async function runLogged<P extends JobPayloads, N extends JobName<P>>(
  handlers: QueueHandlers<P>,
  name: N,
  job: { id: string; data: object },
  log: QueueLog,
): Promise<void> {
  const jobLog = withFields(log, { queue: name, jobId: job.id });
  const started = performance.now();
  try {
    await handlers[name](job.data as P[N], { id: job.id, log: jobLog });
  } catch (err) {
    jobLog.warn(
      { event: "job_failed", err: String(err), ms: Math.round(performance.now() - started) },
      "background job failed; pg-boss retries it while its retry limit allows",
    );
    throw err;
  }
}

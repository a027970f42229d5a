import { sql } from "drizzle-orm";
import { fromDrizzle, PgBoss, type DrizzleTransactionLike, type Job, type Queue, type SendOptions } from "pg-boss";

import type { Queryable } from "../../db/database.ts";
import { QUEUE_SCHEMA, type QueueConnection } from "../../db/queue-connection.ts";
import type { AccountMailJob, PasswordResetRequest } from "../account-mail/account-mail-jobs.ts";
import type { ServiceLog } from "../services.ts";

/** Every kind of background work and what its job carries. */
export type QueuePayloads = {
  /**
   * Send a person what they have not been sent: one e-mail (a digest of several) and a push; one waiting
   * per person, so a flood for one person is one job in everyone's queue (docs/decisions/055).
   */
  "deliver-notifications": { userId: string };
  /** A notice's delivery as jobs queued before decision 055 name it: delivered as its person's. */
  "deliver-notification": { notificationId: string };
  /** Tell a participant about the messages they have not read in one conversation (one pending per pair). */
  "chat-digest": { conversationId: string; userId: string };
  /** Tell a worker their application was rejected, once the owner can no longer undo it (docs/decisions/026). */
  "rejection-notice": { applicationId: string };
  /** Write the day-before reminders that are due (on a schedule). */
  "job-reminders": Record<string, never>;
  /** Find the saved searches a new job matches and tell their people (docs/decisions/023). */
  "saved-search-match": { jobId: string };
  /** Write the daily digests of saved-search matches that are due (on a schedule). */
  "saved-search-digests": Record<string, never>;
  /** Remove the files whose rows are gone (after an action, and on a schedule for retries). */
  "file-deletions": Record<string, never>;
  /** Read the day's exchange rates from the configured feed (on a schedule). */
  "exchange-rates": Record<string, never>;
  /** Settle the timesheets whose answer deadlines passed (on a schedule, docs/decisions/032). */
  "timesheet-deadlines": Record<string, never>;
  /** Complete a job whose timesheets are all agreed (after a timesheet became agreed, docs/decisions/032). */
  "job-completion": { jobId: string };
  /** Ask the owners of jobs whose days are over to complete them (on a schedule, docs/decisions/048). */
  "ended-jobs": Record<string, never>;
  /** Count the open jobs' words again into the spelling dictionary, which triggers keep (a repair, docs/decisions/051). */
  "spelling-dictionary": Record<string, never>;
  /** Translate a posted or edited job for search, when a provider is configured (docs/decisions/051). */
  "search-translation": { jobId: string };
  /** Forget deleted accounts' address hashes whose retention period is over (on a schedule, docs/decisions/050). */
  "deleted-account-expiry": Record<string, never>;
  /**
   * Look up whose address a reset request named and queue their reset mail (after the request was
   * answered the same for every address, docs/decisions/058, 064).
   */
  "password-reset-request": PasswordResetRequest;
  /** Build and send one account mail (reset, confirmation, sign-in unlock), its link made at sending (docs/decisions/064). */
  "account-mail": AccountMailJob;
  /** Forget the answers of keyed creates older than a day (on a schedule, docs/decisions/063). */
  "idempotent-answers": Record<string, never>;
};
export type QueueName = keyof QueuePayloads;
/** The job a handler runs: its id, and a log whose lines carry the queue's name and the job's id. */
export type JobRun = { id: string; log: ServiceLog };
export type QueueHandlers = { [N in QueueName]: (data: QueuePayloads[N], job: JobRun) => Promise<void> };
/** How many jobs of a queue wait (created or to retry, deferred ones too) and run now, across every instance. */
export type QueueDepth = { queue: QueueName; queued: number; active: number };

/**
 * How each queue behaves. Retries back off (a mail server away for a while); a digest and a delivery
 * are "short" (at most one waiting per conversation and person, or per person, so a burst is one job);
 * the sweeps are "stately" (one waiting and one running at a time, across every instance).
 */
const QUEUES: Record<QueueName, Omit<Queue, "name">> = {
  "deliver-notifications": {
    notify: true,
    policy: "short",
    retryLimit: 8,
    retryDelay: 15,
    retryBackoff: true,
    retryDelayMax: 3600,
  },
  "deliver-notification": {
    notify: true,
    policy: "standard",
    retryLimit: 8,
    retryDelay: 15,
    retryBackoff: true,
    retryDelayMax: 3600,
  },
  "chat-digest": { notify: true, policy: "short", retryLimit: 5, retryDelay: 10, retryBackoff: true },
  "rejection-notice": { notify: true, policy: "standard", retryLimit: 8, retryDelay: 15, retryBackoff: true },
  "job-reminders": { notify: true, policy: "stately", retryLimit: 2, retryDelay: 60 },
  "saved-search-match": { notify: true, policy: "standard", retryLimit: 5, retryDelay: 30, retryBackoff: true },
  "saved-search-digests": { notify: true, policy: "stately", retryLimit: 2, retryDelay: 60 },
  "file-deletions": { notify: true, policy: "stately", retryLimit: 2, retryDelay: 30 },
  "exchange-rates": { notify: true, policy: "stately", retryLimit: 0 },
  "timesheet-deadlines": { notify: true, policy: "stately", retryLimit: 2, retryDelay: 60 },
  "job-completion": { notify: true, policy: "standard", retryLimit: 5, retryDelay: 15, retryBackoff: true },
  "spelling-dictionary": { notify: true, policy: "stately", retryLimit: 1, retryDelay: 60 },
  // A provider away for a while: try again for about half an hour, then the job is found without it.
  "search-translation": { notify: true, policy: "standard", retryLimit: 6, retryDelay: 30, retryBackoff: true },
  "deleted-account-expiry": { notify: true, policy: "stately", retryLimit: 2, retryDelay: 600 },
  "ended-jobs": { notify: true, policy: "stately", retryLimit: 2, retryDelay: 60 },
  // Account mails hold addresses: finished jobs go after an hour, not pg-boss's week (docs/decisions/064).
  "password-reset-request": {
    notify: true,
    policy: "standard",
    retryLimit: 8,
    retryDelay: 15,
    retryBackoff: true,
    deleteAfterSeconds: 3600,
  },
  "account-mail": {
    notify: true,
    policy: "standard",
    // About six hours of tries (waits capped at 10 min): a mail server down for an afternoon loses no mail.
    retryLimit: 40,
    retryDelay: 15,
    retryBackoff: true,
    retryDelayMax: 600,
    deleteAfterSeconds: 3600,
  },
  "idempotent-answers": { notify: true, policy: "stately", retryLimit: 2, retryDelay: 600 },
};

/** The queues that send mail: their first retry waits `mailRetryDelaySeconds` (MAIL_RETRY_DELAY_SECONDS). */
const MAIL_QUEUES: readonly QueueName[] = [
  "account-mail",
  "password-reset-request",
  "deliver-notifications",
  "deliver-notification",
];

/**
 * Jobs one worker fetches at once and runs side by side, and workers per instance, where one at a time
 * would not keep pace: deliveries wait on mail and push servers (docs/decisions/055). Others: one.
 */
const WORKERS: Partial<Record<QueueName, { batchSize: number; localConcurrency: number }>> = {
  "deliver-notifications": { batchSize: 20, localConcurrency: 2 },
};

/** Recurring work, as cron in UTC; pg-boss sends each tick once across all instances. */
const SCHEDULES: Partial<Record<QueueName, string>> = {
  "job-reminders": "*/10 * * * *",
  "saved-search-digests": "*/10 * * * *",
  "file-deletions": "*/5 * * * *",
  // The Bank of Russia publishes each working day; four looks a day catch it within hours.
  "exchange-rates": "17 */6 * * *",
  "timesheet-deadlines": "*/5 * * * *",
  "deleted-account-expiry": "41 3 * * *",
  // A job's owner is asked to complete it within five minutes of its last day's end.
  "ended-jobs": "*/5 * * * *",
  "idempotent-answers": "23 * * * *",
};

export type BackgroundQueue = {
  /**
   * Adds a job inside the caller's transaction (the outbox): it exists only if that transaction commits.
   * Answers false when the queue's policy already holds one like it (a waiting digest).
   */
  send<N extends QueueName>(tx: Queryable, name: N, data: QueuePayloads[N], options?: SendOptions): Promise<boolean>;
  /** `send` for many jobs of one kind in one statement (a message's digests, an event's deliveries). */
  sendMany<N extends QueueName>(
    tx: Queryable,
    name: N,
    jobs: { data: QueuePayloads[N]; singletonKey?: string; startAfter?: number }[],
  ): Promise<void>;
  /**
   * Cancels, inside the caller's transaction, the jobs of kind `name` not yet started whose data
   * contains `data` (a delayed notice the action that caused it took back). Answers how many.
   */
  cancelWaiting<N extends QueueName>(tx: Queryable, name: N, data: Partial<QueuePayloads[N]>): Promise<number>;
  /** Starts this instance's workers (several instances may; each job runs on one of them). */
  work(handlers: QueueHandlers): Promise<void>;
  /**
   * Runs every job that is due now with these handlers, in this process, until none is left (tests and
   * the seed CLI, where no worker polls). Failed jobs are marked failed for pg-boss to retry later.
   */
  runDue(handlers: QueueHandlers): Promise<number>;
  /** The queues' depth now (read from pg-boss's job table; GET /api/metrics reports it). */
  depth(): Promise<QueueDepth[]>;
  stop(): Promise<void>;
};

export type QueueOptions = {
  log: ServiceLog;
  /** Seconds between polls of an idle queue (pg-boss wakes sooner on LISTEN/NOTIFY where it can). */
  pollingSeconds?: number;
  /** Run the cron schedules and the maintenance of pg-boss's tables (off in tests). */
  schedule?: boolean;
  /** First retry delay of the mail queues (MAIL_RETRY_DELAY_SECONDS; short in fault tests); else their own. */
  mailRetryDelaySeconds?: number;
};

/** The app's background queue on pg-boss (docs/decisions/016), over the app's own connection. */
export async function startBackgroundQueue(connection: QueueConnection, options: QueueOptions): Promise<BackgroundQueue> {
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
  for (const [name, settings] of Object.entries(QUEUES)) await boss.createQueue(name, settings);
  // createQueue leaves an existing queue as it was; the delay is the queue's, read when a job is added.
  const mailRetryDelay = options.mailRetryDelaySeconds;
  if (mailRetryDelay !== undefined) for (const name of MAIL_QUEUES) await boss.updateQueue(name, { retryDelay: mailRetryDelay });
  if (schedule) for (const [name, cron] of Object.entries(SCHEDULES)) await boss.schedule(name, cron, {});

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
      for (const name of Object.keys(QUEUES) as QueueName[]) {
        // Polling stays brisk with LISTEN on: a job sent in our transaction is announced before it commits,
        // so the worker it woke may find nothing yet, and must not then wait pg-boss's relaxed 30 s.
        const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds };
        // A full batch fetches the next at once; each job is settled on its own (one failure retries only it).
        const batch = {
          batchSize: 1,
          localConcurrency: 1,
          ...WORKERS[name],
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
        for (const name of Object.keys(QUEUES) as QueueName[]) {
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
      return (Object.keys(QUEUES) as QueueName[]).map((queue) => ({
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
function withFields(log: ServiceLog, fields: object): ServiceLog {
  return {
    info: (more, message) => log.info({ ...fields, ...more }, message),
    warn: (more, message) => log.warn({ ...fields, ...more }, message),
  };
}

/**
 * Runs one job with its handler, handing it a log that names the job; a failure is logged with the job's
 * id (pg-boss retries it as its queue says) and rethrown so that pg-boss marks it failed.
 */
async function runLogged<N extends QueueName>(
  handlers: QueueHandlers,
  name: N,
  job: { id: string; data: object },
  log: ServiceLog,
): Promise<void> {
  const jobLog = withFields(log, { queue: name, jobId: job.id });
  const started = performance.now();
  try {
    await handlers[name](job.data as QueuePayloads[N], { id: job.id, log: jobLog });
  } catch (err) {
    jobLog.warn(
      { event: "job_failed", err: String(err), ms: Math.round(performance.now() - started) },
      "background job failed; pg-boss retries it while its retry limit allows",
    );
    throw err;
  }
}

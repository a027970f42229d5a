import type { QueueHandlers as HandlersOf, JobKinds, JobName, JobQueue } from "./queue/background-queue.ts";

/**
 * One account mail waiting in the outbox (docs/decisions/064). It names who and where the link goes,
 * never the link's token: the worker makes the token when it sends, so the job holds no secret and the
 * link lives its full time from the moment it is mailed, however long the mail server was away.
 */
export type AccountMailJob =
  | { kind: "password-reset"; userId: string; origin: string }
  /** `callbackURL`: the page that asked (better-auth's), whose origin and `redirect` the link keeps. */
  | { kind: "verification"; userId: string; callbackURL: string | null }
  | { kind: "sign-in-unlock"; email: string; origin: string };

/** A client's reset request as answered (docs/decisions/058): the address, and the page it came from. */
export type PasswordResetRequest = { email: string; redirectTo?: string };

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
  /** Compare providers' holds and payouts with ours and the ledger; record what differs (docs/decisions/082). */
  "payments-reconcile": Record<string, never>;
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
  /** Send one payout to its provider with its own key (after "take it now", docs/decisions/081). */
  "payout-send": { payoutId: string };
  /** Ask providers about payouts pending too long, so a lost notification still settles (on a schedule). */
  "payout-status": Record<string, never>;
  /** Pay out the workers who turned on the daily automatic payout (on a schedule). */
  "auto-payouts": Record<string, never>;
  /** Ask the provider to authorise a hold row on the employer's card, with the row's own key (docs/decisions/079). */
  "payment-hold-authorise": { holdId: string };
  /** Ask for a job's hold on the day it can last until the job's last day (docs/decisions/079). */
  "payment-hold-ask": { jobId: string };
  /** A job ended: capture what its employer owes from its holds, release the rest (docs/decisions/079). */
  "payment-capture": { jobId: string };
};
export type QueueName = JobName<QueuePayloads>;
/** The app's background queue: jobs added inside a transaction run after it commits, on some instance. */
export type BackgroundQueue = JobQueue<QueuePayloads>;
/** What each kind of job does (server/background-work.ts). */
export type QueueHandlers = HandlersOf<QueuePayloads>;

/**
 * How each kind is queued and when it recurs. Retries back off (a mail server away for a while); a
 * digest and a delivery are "short" (at most one waiting per conversation and person, or per person, so
 * a burst is one job); the sweeps are "stately" (one waiting and one running at a time, across every
 * instance). `workers`: where one job at a time would not keep pace (deliveries wait on mail and push
 * servers, docs/decisions/055). `schedule`: cron in UTC, each tick sent once across all instances.
 */
export const BACKGROUND_JOBS: JobKinds<QueuePayloads> = {
  "deliver-notifications": {
    queue: { policy: "short", retryLimit: 8, retryDelay: 15, retryBackoff: true, retryDelayMax: 3600 },
    workers: { batchSize: 20, localConcurrency: 2 },
  },
  "deliver-notification": {
    queue: { policy: "standard", retryLimit: 8, retryDelay: 15, retryBackoff: true, retryDelayMax: 3600 },
  },
  "chat-digest": { queue: { policy: "short", retryLimit: 5, retryDelay: 10, retryBackoff: true } },
  "rejection-notice": { queue: { policy: "standard", retryLimit: 8, retryDelay: 15, retryBackoff: true } },
  "job-reminders": { queue: { policy: "stately", retryLimit: 2, retryDelay: 60 }, schedule: "*/10 * * * *" },
  "saved-search-match": { queue: { policy: "standard", retryLimit: 5, retryDelay: 30, retryBackoff: true } },
  "saved-search-digests": { queue: { policy: "stately", retryLimit: 2, retryDelay: 60 }, schedule: "*/10 * * * *" },
  "file-deletions": { queue: { policy: "stately", retryLimit: 2, retryDelay: 30 }, schedule: "*/5 * * * *" },
  // The Bank of Russia publishes each working day; four looks a day catch it within hours.
  "exchange-rates": { queue: { policy: "stately", retryLimit: 0 }, schedule: "17 */6 * * *" },
  // Daily, at night in Europe and Russia; a provider away is counted unreachable and compared the next night.
  "payments-reconcile": { queue: { policy: "stately", retryLimit: 2, retryDelay: 600 }, schedule: "40 2 * * *" },
  "timesheet-deadlines": { queue: { policy: "stately", retryLimit: 2, retryDelay: 60 }, schedule: "*/5 * * * *" },
  "job-completion": { queue: { policy: "standard", retryLimit: 5, retryDelay: 15, retryBackoff: true } },
  "spelling-dictionary": { queue: { policy: "stately", retryLimit: 1, retryDelay: 60 } },
  // A provider away for a while: try again for about half an hour, then the job is found without it.
  "search-translation": { queue: { policy: "standard", retryLimit: 6, retryDelay: 30, retryBackoff: true } },
  "deleted-account-expiry": { queue: { policy: "stately", retryLimit: 2, retryDelay: 600 }, schedule: "41 3 * * *" },
  // A job's owner is asked to complete it within five minutes of its last day's end.
  "ended-jobs": { queue: { policy: "stately", retryLimit: 2, retryDelay: 60 }, schedule: "*/5 * * * *" },
  // Account mails hold addresses: finished jobs go after an hour, not pg-boss's week (docs/decisions/064).
  "password-reset-request": {
    queue: { policy: "standard", retryLimit: 8, retryDelay: 15, retryBackoff: true, deleteAfterSeconds: 3600 },
  },
  "account-mail": {
    // About six hours of tries (waits capped at 10 min): a mail server down for an afternoon loses no mail.
    queue: {
      policy: "standard",
      retryLimit: 40,
      retryDelay: 15,
      retryBackoff: true,
      retryDelayMax: 600,
      deleteAfterSeconds: 3600,
    },
  },
  "idempotent-answers": { queue: { policy: "stately", retryLimit: 2, retryDelay: 600 }, schedule: "23 * * * *" },
  // A provider away: tried again with the same key for about an hour, then the status sweep takes over.
  "payout-send": { queue: { policy: "standard", retryLimit: 10, retryDelay: 15, retryBackoff: true, retryDelayMax: 600 } },
  "payout-status": { queue: { policy: "stately", retryLimit: 1, retryDelay: 60 }, schedule: "*/5 * * * *" },
  // 06:00 UTC, 09:00 in Moscow: the day's money goes out in the morning of the workers' day.
  "auto-payouts": { queue: { policy: "stately", retryLimit: 2, retryDelay: 300 }, schedule: "0 6 * * *" },
  // A provider away: the same idempotency key on every try, for about two hours.
  "payment-hold-authorise": {
    queue: { policy: "standard", retryLimit: 12, retryDelay: 15, retryBackoff: true, retryDelayMax: 1800 },
  },
  "payment-hold-ask": { queue: { policy: "standard", retryLimit: 8, retryDelay: 60, retryBackoff: true } },
  "payment-capture": {
    queue: { policy: "standard", retryLimit: 12, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 },
  },
};

/** The kinds that send mail: their first retry waits MAIL_RETRY_DELAY_SECONDS when it is set. */
const MAIL_JOBS: readonly QueueName[] = [
  "account-mail",
  "password-reset-request",
  "deliver-notifications",
  "deliver-notification",
];

/** The mail kinds' first retry delay, `seconds` (short in fault tests). */
export function mailRetryDelays(seconds: number): Partial<Record<QueueName, number>> {
  return Object.fromEntries(MAIL_JOBS.map((name) => [name, seconds]));
}

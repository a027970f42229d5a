import type { Database } from "../db/database.ts";
import { refreshSpellingDictionary } from "../db/search-words.ts";
import { queuePasswordResetMail, sendAccountMail, type AccountMailJobDeps } from "./account-mail/account-mail-jobs.ts";
import type { QueueHandlers } from "./background-jobs.ts";
import type { Config } from "./config.ts";
import { refreshExchangeRates } from "./currency/refresh-rates.ts";
import { sweepIdempotentAnswers } from "./idempotency/sweep.ts";
import { askToCompleteEndedJobs } from "./jobs/ended-jobs.ts";
import { sendNotificationsMail } from "./mail/notification-mail.ts";
import { authoriseHold, type HoldWorkDeps } from "./money/holds/authorise-hold.ts";
import { askHoldWhenDue, settleJobHolds } from "./money/holds/settle-holds.ts";
import { runAutoPayouts } from "./money/payouts/auto-payouts.ts";
import { pollPendingPayouts, sendPayout } from "./money/payouts/send-payout.ts";
import { reconcilePayments } from "./money/reconciliation/reconcile-payments.ts";
import { chatDigest } from "./notifications/chat-digest.ts";
import { deliverNotifications, recipientOf, type Channels } from "./notifications/deliver.ts";
import { tellRejection } from "./notifications/rejection-notice.ts";
import { writeDueReminders } from "./notifications/reminders.ts";
import { forgetExpiredStanding } from "./privacy/stand-in.ts";
import { sendNotificationPush } from "./push/notification-push.ts";
import type { JobRun } from "./queue/background-queue.ts";
import { tellFollowers } from "./rehiring/tell-followers.ts";
import { writeDueDigests } from "./saved-searches/daily-digest.ts";
import { matchNewJob } from "./saved-searches/match-new-job.ts";
import type { ServiceLog, Services } from "./services.ts";
import { signInGuard } from "./session/sign-in-guard.ts";
import { sweepFileDeletions } from "./storage/file-deletions.ts";
import { completeWhenAgreed } from "./timesheets/complete-when-agreed.ts";
import { settleTimesheetDeadlines } from "./timesheets/deadlines.ts";
import { translateForSearch } from "./translate/translate-for-search.ts";

/** What each kind of background job does, on this instance's database and services. */
export function backgroundHandlers(db: Database, services: Services, config: Config): QueueHandlers {
  // The channels of one delivery job: its log lines carry the job's id.
  const channels = (log: ServiceLog): Channels => ({
    email: (recipient, notifications) => sendNotificationsMail({ mailer: services.mailer, config }, recipient, notifications),
    push: (recipient, notification) =>
      sendNotificationPush({ db, config, log, reachability: services.pushReachability }, recipient, notification),
  });
  const accountMail: AccountMailJobDeps = {
    db,
    config,
    mailer: services.mailer,
    queue: services.queue,
    guard: signInGuard(db, config.authSecret),
  };
  const holds: HoldWorkDeps = {
    db,
    queue: services.queue,
    payments: services.payments,
    publicUrl: config.publicUrl,
    now: services.now,
  };
  const deliver = async (userId: string, job: JobRun) => {
    const deps = { channels: channels(job.log), queue: services.queue, pace: services.rateLimits.noticeDelivery };
    await deliverNotifications(db, deps, userId, services.now());
  };
  return {
    "deliver-notifications": ({ userId }, job) => deliver(userId, job),
    "deliver-notification": async ({ notificationId }, job) => {
      const userId = await recipientOf(db, notificationId);
      if (userId) await deliver(userId, job);
    },
    "chat-digest": (data) => chatDigest(db, services.queue, data),
    "rejection-notice": ({ applicationId }) => tellRejection(db, services.queue, applicationId, services.now()),
    "job-reminders": async () => {
      await writeDueReminders(db, services.queue, services.now());
    },
    "saved-search-match": async ({ jobId }) => {
      // Followers first: told at once, before any saved search's alert (docs/decisions/036).
      await tellFollowers(db, services.queue, jobId);
      await matchNewJob(db, services.queue, jobId, services.now());
    },
    "saved-search-digests": async () => {
      await writeDueDigests(db, services.queue, services.now());
    },
    "file-deletions": async (_data, job) => {
      await sweepFileDeletions({ db, files: services.files, log: job.log, now: services.now });
    },
    "payments-reconcile": async (_data, job) => {
      await reconcilePayments(db, { ...services, log: job.log });
    },
    "exchange-rates": async (_data, job) => {
      if (config.exchangeRatesUrl) await refreshExchangeRates(db, config.exchangeRatesUrl, job.log);
    },
    "timesheet-deadlines": async () => {
      await settleTimesheetDeadlines(db, services.queue, services.now());
    },
    "job-completion": async ({ jobId }) => {
      await completeWhenAgreed(db, services.queue, jobId, services.now());
    },
    "spelling-dictionary": () => refreshSpellingDictionary(db),
    "search-translation": ({ jobId }, job) =>
      translateForSearch(db, { translator: services.translator, log: job.log }, { jobId, timeoutMs: config.translate.timeoutMs }),
    "deleted-account-expiry": async () => {
      await db.transaction((tx) => forgetExpiredStanding(tx, services.now()));
    },
    "ended-jobs": async () => {
      await askToCompleteEndedJobs(db, services.queue, services.now());
    },
    "password-reset-request": (request, job) => queuePasswordResetMail(accountMail, request, job),
    "account-mail": (mail, job) => sendAccountMail(accountMail, mail, job),
    "idempotent-answers": async () => {
      await sweepIdempotentAnswers(db, services.now());
    },
    "payout-send": async ({ payoutId }, job) => {
      await sendPayout(db, { ...services, log: job.log }, payoutId);
    },
    "payout-status": async (_data, job) => {
      await pollPendingPayouts(db, { ...services, log: job.log }, services.now());
    },
    "auto-payouts": async (_data, job) => {
      await runAutoPayouts(db, { ...services, log: job.log });
    },
    "payment-hold-authorise": ({ holdId }) => authoriseHold(holds, holdId),
    "payment-hold-ask": ({ jobId }) => askHoldWhenDue(holds, jobId),
    "payment-capture": ({ jobId }) => settleJobHolds(holds, jobId),
  };
}

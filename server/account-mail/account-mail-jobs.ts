import { eq } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { user } from "../../db/schema/index.ts";
import { ACCOUNT_MAIL } from "../../domain/limits.ts";
import type { AccountMailJob, BackgroundQueue, PasswordResetRequest } from "../background-jobs.ts";
import type { Config } from "../config.ts";
import { hitRateLimit } from "../limits/rate-limit.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { JobRun } from "../queue/background-queue.ts";
import type { SignInGuard } from "../session/sign-in-guard.ts";
import { linkOrigin, sendPasswordResetMail, sendSignInUnlockMail, sendVerificationMail } from "./account-mails.ts";

export type AccountMailJobDeps = {
  db: Database;
  config: Pick<Config, "publicUrl" | "trustedOrigins" | "authSecret">;
  mailer: Mailer;
  queue: BackgroundQueue;
  guard: SignInGuard;
};

/** The Message-ID of one account mail: the job's, the same on every retry so a receiver folds a resend. */
export function accountMailMessageId(jobId: string, publicUrl: string): string {
  return `<account-mail-${jobId}@${new URL(publicUrl).hostname}>`;
}

/**
 * A reset request, after its answer: when the address has an account and the account is within
 * ACCOUNT_MAIL.resetMails, queues its reset mail, in one transaction with the count (so a retry of this
 * job after a crash adds at most one more). An unknown address ends here, mailed nothing.
 */
export async function queuePasswordResetMail(deps: AccountMailJobDeps, request: PasswordResetRequest, job: JobRun) {
  const [account] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, request.email.toLowerCase())).limit(1);
  if (!account) return;
  await deps.db.transaction(async (tx) => {
    const verdict = await hitRateLimit(tx, account.id, { action: "passwordResetMail", ...ACCOUNT_MAIL.resetMails });
    if (!verdict.allowed) {
      job.log.info({ event: "password_reset_mail_limited", userId: account.id }, "password reset mail not sent: limit reached");
      return;
    }
    const origin = linkOrigin(deps.config, request.redirectTo);
    await deps.queue.send(tx, "account-mail", { kind: "password-reset", userId: account.id, origin });
  });
}

/**
 * Sends one account mail with a fresh link, marked done (the job completed) only once the SMTP server
 * accepted it; a failure throws, and the queue retries with backoff. A crash between the server's
 * acceptance and the job's completion sends it again under the same Message-ID: a duplicate, never a loss.
 */
export async function sendAccountMail(deps: AccountMailJobDeps, mail: AccountMailJob, job: JobRun): Promise<void> {
  const messageId = accountMailMessageId(job.id, deps.config.publicUrl);
  const mailDeps = { db: deps.db, config: deps.config, mailer: deps.mailer };
  switch (mail.kind) {
    case "password-reset":
      return sendPasswordResetMail(mailDeps, mail, messageId);
    case "verification":
      return sendVerificationMail(mailDeps, mail, messageId);
    case "sign-in-unlock":
      return sendSignInUnlockMail({ ...mailDeps, guard: deps.guard }, mail, messageId);
  }
}

import { generateId } from "better-auth";
import { createEmailVerificationToken } from "better-auth/api";
import { eq } from "drizzle-orm";

import type { Database } from "../../db/database.ts";
import { profiles, user, verification } from "../../db/schema/index.ts";
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "../../domain/languages.ts";
import { ACCOUNT_MAIL } from "../../domain/limits.ts";
import { returnPath } from "../../domain/return-path.ts";
import type { Config } from "../config.ts";
import { m } from "../i18n/paraglide/messages.js";
import { mailHtml, mailText, type MailContent } from "../mail/layout.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { SignInGuard } from "../session/sign-in-guard.ts";

export type AccountMailDeps = {
  db: Database;
  config: Pick<Config, "publicUrl" | "trustedOrigins" | "authSecret">;
  mailer: Mailer;
};

/** Who gets an account mail, and in which language (the one they last chose; the interface's at sign-up). */
type Recipient = { userId: string; email: string; emailVerified: boolean; name: string; language: LanguageCode };

/**
 * The origin that links in account mails point to: the origin of the page that asked (better-auth's
 * `redirectTo` / `callbackURL`) when it is one of ours (docs/decisions/013), else PUBLIC_URL. A request
 * can never make us mail a link to a site that is not ours.
 */
export function linkOrigin(config: Pick<Config, "publicUrl" | "trustedOrigins">, requested: string | null | undefined): string {
  const fallback = new URL(config.publicUrl).origin;
  if (!requested) return fallback;
  try {
    const origin = new URL(requested).origin;
    return config.trustedOrigins.includes(origin) ? origin : fallback;
  } catch {
    return fallback;
  }
}

/** The `callbackURL` better-auth put in the link it built (where the person's page asked to come back). */
export function callbackOf(betterAuthUrl: string): string | null {
  try {
    return new URL(betterAuthUrl).searchParams.get("callbackURL");
  } catch {
    return null;
  }
}

/**
 * Where the person was going when they asked for the mail (the `redirect` of its `callbackURL`, e.g. the
 * job form an employer signed up to reach), when it is a path of ours (docs/decisions/053).
 */
export function returnPathOf(callbackURL: string | null): string | undefined {
  if (!callbackURL) return undefined;
  try {
    return returnPath(new URL(callbackURL).searchParams.get("redirect"));
  } catch {
    return undefined;
  }
}

async function recipientOf(db: Database, userId: string): Promise<Recipient | null> {
  const [row] = await db
    .select({
      email: user.email,
      emailVerified: user.emailVerified,
      userName: user.name,
      fullName: profiles.fullName,
      language: profiles.language,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    userId,
    email: row.email,
    emailVerified: row.emailVerified,
    name: row.fullName ?? row.userName,
    language: isLanguageCode(row.language) ? row.language : DEFAULT_LANGUAGE,
  };
}

async function send(mailer: Mailer, to: string, content: MailContent, messageId: string) {
  await mailer.send({ to, subject: content.title, text: mailText(content), html: mailHtml(content), messageId });
}

/**
 * Mails a one-hour password-reset link, its token made here so a late mail still carries a whole hour. A failed
 * send leaves its token: the server may have taken the mail, and both links must work (docs/decisions/064).
 */
export async function sendPasswordResetMail(
  deps: AccountMailDeps,
  request: { userId: string; origin: string },
  messageId: string,
): Promise<void> {
  const recipient = await recipientOf(deps.db, request.userId);
  if (!recipient) return;
  const token = generateId(24);
  await deps.db.insert(verification).values({
    id: generateId(32),
    identifier: `reset-password:${token}`,
    value: recipient.userId,
    expiresAt: new Date(Date.now() + ACCOUNT_MAIL.resetLinkSeconds * 1000),
  });
  const link = new URL("/reset-password", request.origin);
  link.searchParams.set("token", token);
  const locale = { locale: recipient.language };
  await send(
    deps.mailer,
    recipient.email,
    {
      language: recipient.language,
      title: m.mail_reset_subject({}, locale),
      greeting: m.mail_greeting({ name: recipient.name }, locale),
      body: m.mail_reset_body({}, locale),
      button: m.reset_password_title({}, locale),
      link: link.href,
      showLink: true,
      footer: m.mail_reset_ignore({}, locale),
    },
    messageId,
  );
}

/**
 * Mails the link that lets the owner of `email` sign in during a lockout (`/auth?unlock=…`;
 * docs/decisions/058), in their language, with the token of the link the failed sign-in claimed.
 * An address without an account gets nothing (the sign-in was answered the same either way), nor one
 * whose wait ended meanwhile.
 */
export async function sendSignInUnlockMail(
  deps: AccountMailDeps & { guard: SignInGuard },
  request: { email: string; origin: string },
  messageId: string,
): Promise<void> {
  const [account] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, request.email)).limit(1);
  const recipient = account ? await recipientOf(deps.db, account.id) : null;
  if (!recipient) return;
  const token = await deps.guard.issueUnlockToken(request.email);
  if (!token) return;
  const link = new URL("/auth", request.origin);
  link.searchParams.set("unlock", token);
  const locale = { locale: recipient.language };
  await send(
    deps.mailer,
    recipient.email,
    {
      language: recipient.language,
      title: m.mail_unlock_subject({}, locale),
      greeting: m.mail_greeting({ name: recipient.name }, locale),
      body: m.mail_unlock_body({}, locale),
      button: m.mail_unlock_button({}, locale),
      link: link.href,
      showLink: true,
      footer: m.mail_unlock_ignore({}, locale),
    },
    messageId,
  );
}

/**
 * Mails a link (`/verify-email?token=…`, a day from now) that confirms the person's address, in their
 * language; the link carries where they were going (`&redirect=/post-job`), so its page continues there.
 * The token is better-auth's signed one, made here; an address confirmed meanwhile is mailed nothing.
 */
export async function sendVerificationMail(
  deps: AccountMailDeps,
  request: { userId: string; callbackURL: string | null },
  messageId: string,
): Promise<void> {
  const recipient = await recipientOf(deps.db, request.userId);
  if (!recipient || recipient.emailVerified) return;
  const token = await createEmailVerificationToken(
    deps.config.authSecret,
    recipient.email,
    undefined,
    ACCOUNT_MAIL.verifyLinkSeconds,
    { userId: recipient.userId },
  );
  const link = new URL("/verify-email", linkOrigin(deps.config, request.callbackURL));
  link.searchParams.set("token", token);
  const returnTo = returnPathOf(request.callbackURL);
  if (returnTo) link.searchParams.set("redirect", returnTo);
  const locale = { locale: recipient.language };
  await send(
    deps.mailer,
    recipient.email,
    {
      language: recipient.language,
      title: m.mail_verify_subject({}, locale),
      greeting: m.mail_greeting({ name: recipient.name }, locale),
      body: m.mail_verify_body({}, locale),
      button: m.mail_verify_button({}, locale),
      link: link.href,
      showLink: true,
      footer: m.mail_verify_ignore({}, locale),
    },
    messageId,
  );
}

import { createHash } from "node:crypto";

import type { LanguageCode } from "../../domain/languages.ts";
import { notificationPath, type NotificationView } from "../../domain/notifications.ts";
import type { Config } from "../config.ts";
import { notificationDetails, notificationSubject, notificationText } from "../i18n/notification-text.ts";
import { m } from "../i18n/paraglide/messages.js";
import { mailHtml, mailText, type MailContent } from "./layout.ts";
import type { Mailer } from "./mailer.ts";
import { unsubscribeUrl } from "./unsubscribe-token.ts";

/**
 * The Message-ID of the mail of these notices, the same at every send (decision 061): a mail sent again
 * after a crash between the SMTP server's answer and marking it sent is folded by the receiver.
 */
export function noticesMessageId(notifications: readonly Pick<NotificationView, "id">[], publicUrl: string): string {
  const ids = notifications.map((notification) => notification.id).sort();
  const digest = createHash("sha256").update(ids.join(",")).digest("hex").slice(0, 32);
  return `<notices-${digest}@${new URL(publicUrl).hostname}>`;
}

export type MailRecipient = { userId: string; email: string; name: string; language: LanguageCode };

/**
 * Mails one notification in the recipient's language with a one-click unsubscribe (RFC 8058); whether to send
 * is the caller's decision.
 */
export async function sendNotificationMail(
  deps: { mailer: Mailer; config: Config },
  recipient: MailRecipient,
  notification: NotificationView,
): Promise<void> {
  const { config } = deps;
  const locale = recipient.language;
  const options = { locale };
  const { title, body } = notificationText(notification.payload, locale);
  const unsubscribe = unsubscribeUrl(config.publicUrl, recipient.userId, locale, config.authSecret);
  const content: MailContent = {
    language: locale,
    title,
    greeting: m.mail_greeting({ name: recipient.name }, options),
    body,
    details: notificationDetails(notification.payload, locale),
    button: m.mail_open_button({}, options),
    link: `${config.publicUrl.replace(/\/+$/, "")}${notificationPath(notification.payload)}`,
    footer: m.mail_footer_reason({}, options),
    footerLink: { label: m.mail_unsubscribe_link({}, options), href: unsubscribe },
  };
  await deps.mailer.send({
    to: recipient.email,
    subject: notificationSubject(notification.payload, locale),
    text: mailText(content),
    html: mailHtml(content),
    messageId: noticesMessageId([notification], config.publicUrl),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

/** Notices a digest lists; the subject counts them all. */
const DIGEST_LINES = 10;

/**
 * Sends several notifications as one e-mail (docs/decisions/055): a subject with how many, then one line
 * per notice, newest first (its title and text, as the in-app list says it), and a button to the
 * notifications page. One notice goes as its own mail (sendNotificationMail).
 */
export async function sendNotificationsMail(
  deps: { mailer: Mailer; config: Config },
  recipient: MailRecipient,
  notifications: readonly NotificationView[],
): Promise<void> {
  const [only] = notifications;
  if (!only) return;
  if (notifications.length === 1) return sendNotificationMail(deps, recipient, only);
  const { config } = deps;
  const locale = recipient.language;
  const options = { locale };
  const subject = m.mail_digest_subject({ count: notifications.length }, options);
  const unsubscribe = unsubscribeUrl(config.publicUrl, recipient.userId, locale, config.authSecret);
  const newestFirst = [...notifications].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const content: MailContent = {
    language: locale,
    title: subject,
    greeting: m.mail_greeting({ name: recipient.name }, options),
    body: m.mail_digest_body({}, options),
    details: newestFirst.slice(0, DIGEST_LINES).map((notification) => {
      const { title, body } = notificationText(notification.payload, locale);
      return `• ${title}: ${body}`;
    }),
    button: m.mail_digest_button({}, options),
    link: `${config.publicUrl.replace(/\/+$/, "")}/notifications`,
    footer: m.mail_footer_reason({}, options),
    footerLink: { label: m.mail_unsubscribe_link({}, options), href: unsubscribe },
  };
  await deps.mailer.send({
    to: recipient.email,
    subject,
    text: mailText(content),
    html: mailHtml(content),
    messageId: noticesMessageId(notifications, config.publicUrl),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

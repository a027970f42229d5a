import type { LanguageCode } from "../../domain/languages.ts";
import { notificationPath, type NotificationView } from "../../domain/notifications.ts";
import type { Config } from "../config.ts";
import { notificationDetails, notificationSubject, notificationText } from "../i18n/notification-text.ts";
import { m } from "../i18n/paraglide/messages.js";
import { mailHtml, mailText, type MailContent } from "./layout.ts";
import type { Mailer } from "./mailer.ts";
import { unsubscribeUrl } from "./unsubscribe-token.ts";

export type MailRecipient = { userId: string; email: string; name: string; language: LanguageCode };

/**
 * Sends one notification by e-mail in the recipient's language: a subject naming the job and the person
 * (notificationSubject), a greeting, its text with the day's start time and rate where it is about a day
 * of work, and a button to the page it is about, and a footer with a one-click unsubscribe link (also
 * in the List-Unsubscribe headers, RFC 8058). Whether to send (the person's setting, already sent) is
 * the caller's decision.
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
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

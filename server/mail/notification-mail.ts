import type { LanguageCode } from "../../domain/languages.ts";
import { notificationPath, type NotificationView } from "../../domain/notifications.ts";
import type { Config } from "../config.ts";
import { notificationText } from "../i18n/notification-text.ts";
import { m } from "../i18n/paraglide/messages.js";
import { mailHtml, mailText, type MailContent } from "./layout.ts";
import type { Mailer } from "./mailer.ts";
import { unsubscribeUrl } from "./unsubscribe-token.ts";

export type MailRecipient = { userId: string; email: string; name: string; language: LanguageCode };

/** What one notification e-mail says, in the recipient's language. */
/**
 * Sends one notification by e-mail in the recipient's language: its title as the subject, a greeting,
 * its text and a button to the page it is about, and a footer with a one-click unsubscribe link (also
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
    button: m.mail_open_button({}, options),
    link: `${config.publicUrl.replace(/\/+$/, "")}${notificationPath(notification.payload)}`,
    footer: m.mail_footer_reason({}, options),
    footerLink: { label: m.mail_unsubscribe_link({}, options), href: unsubscribe },
  };
  await deps.mailer.send({
    to: recipient.email,
    subject: title,
    text: mailText(content),
    html: mailHtml(content),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

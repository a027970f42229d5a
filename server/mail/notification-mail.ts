import { textDirection, type LanguageCode } from "../../domain/languages.ts";
import { notificationPath, type NotificationView } from "../../domain/notifications.ts";
import type { Config } from "../config.ts";
import { escapeHtml } from "../http/html.ts";
import { notificationText } from "../i18n/notification-text.ts";
import { m } from "../i18n/paraglide/messages.js";
import type { Mailer } from "./mailer.ts";
import { unsubscribeUrl } from "./unsubscribe-token.ts";

export type MailRecipient = { userId: string; email: string; name: string; language: LanguageCode };

/** What one notification e-mail says, in the recipient's language. */
type MailContent = {
  language: LanguageCode;
  title: string;
  greeting: string;
  body: string;
  button: string;
  link: string;
  footer: string;
  unsubscribeLabel: string;
  unsubscribeLink: string;
};

function plainText(c: MailContent): string {
  return [
    c.greeting,
    "",
    c.body,
    "",
    `${c.button}: ${c.link}`,
    "",
    "—",
    c.footer,
    `${c.unsubscribeLabel}: ${c.unsubscribeLink}`,
    "",
  ].join("\n");
}

/** Simple HTML that mail clients render alike: one column, inline styles, every value escaped. */
function html(c: MailContent): string {
  const dir = textDirection(c.language);
  const align = dir === "rtl" ? "right" : "left";
  return `<!doctype html>
<html lang="${c.language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(c.title)}</title></head>
<body style="margin:0;padding:0;background:#f6f7f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f7f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:560px;background:#ffffff;border-radius:12px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2937;text-align:${align};">
<tr><td style="padding:28px 28px 8px;font-size:20px;font-weight:600;">${escapeHtml(c.title)}</td></tr>
<tr><td style="padding:8px 28px;font-size:15px;line-height:1.5;">${escapeHtml(c.greeting)}</td></tr>
<tr><td style="padding:8px 28px;font-size:15px;line-height:1.5;">${escapeHtml(c.body)}</td></tr>
<tr><td style="padding:16px 28px 28px;"><a href="${escapeHtml(c.link)}" style="display:inline-block;padding:10px 20px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:8px;font-size:15px;">${escapeHtml(c.button)}</a></td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:560px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#6b7280;font-size:12px;line-height:1.5;text-align:${align};">
<tr><td style="padding:16px 28px;">${escapeHtml(c.footer)}<br><a href="${escapeHtml(c.unsubscribeLink)}" style="color:#6b7280;">${escapeHtml(c.unsubscribeLabel)}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

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
    unsubscribeLabel: m.mail_unsubscribe_link({}, options),
    unsubscribeLink: unsubscribe,
  };
  await deps.mailer.send({
    to: recipient.email,
    subject: title,
    text: plainText(content),
    html: html(content),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

import { textDirection, type LanguageCode } from "../../domain/languages.ts";
import { BRAND_COLOR, escapeHtml } from "../http/html.ts";

/** What every mail we write holds, in the recipient's language. */
export type MailContent = {
  language: LanguageCode;
  title: string;
  greeting: string;
  body: string;
  /** Facts under the text, one a line (a day of work's start and rate). */
  details?: string[];
  /** The one action: a button, and the link it opens. */
  button: string;
  link: string;
  /** Print the link under the button too (account mails: a link people may need to copy). */
  showLink?: boolean;
  /** The small print, and an optional link under it (unsubscribe). */
  footer: string;
  footerLink?: { label: string; href: string };
};

/** The plain-text part. */
export function mailText(c: MailContent): string {
  const footerLink = c.footerLink ? [`${c.footerLink.label}: ${c.footerLink.href}`] : [];
  const details = c.details?.length ? ["", ...c.details] : [];
  return [c.greeting, "", c.body, ...details, "", `${c.button}: ${c.link}`, "", "—", c.footer, ...footerLink, ""].join("\n");
}

const FONT = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";

/** The HTML part: one column, inline styles, every value escaped, right to left where the language is. */
export function mailHtml(c: MailContent): string {
  const dir = textDirection(c.language);
  const align = dir === "rtl" ? "right" : "left";
  const linkRow = c.showLink
    ? `<tr><td style="padding:0 28px 28px;font-size:13px;line-height:1.5;color:#6b7280;word-break:break-all;">${escapeHtml(c.link)}</td></tr>`
    : "";
  const details = c.details?.length
    ? `<tr><td style="padding:8px 28px;font-size:15px;line-height:1.6;">${c.details.map(escapeHtml).join("<br>")}</td></tr>\n`
    : "";
  const footerLink = c.footerLink
    ? `<br><a href="${escapeHtml(c.footerLink.href)}" style="color:#6b7280;">${escapeHtml(c.footerLink.label)}</a>`
    : "";
  return `<!doctype html>
<html lang="${c.language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(c.title)}</title></head>
<body style="margin:0;padding:0;background:#f6f7f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f7f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:560px;background:#ffffff;border-radius:12px;${FONT};color:#1f2937;text-align:${align};">
<tr><td style="padding:28px 28px 8px;font-size:20px;font-weight:600;">${escapeHtml(c.title)}</td></tr>
<tr><td style="padding:8px 28px;font-size:15px;line-height:1.5;">${escapeHtml(c.greeting)}</td></tr>
<tr><td style="padding:8px 28px;font-size:15px;line-height:1.5;">${escapeHtml(c.body)}</td></tr>
${details}<tr><td style="padding:16px 28px ${c.showLink ? "16px" : "28px"};"><a href="${escapeHtml(c.link)}" style="display:inline-block;padding:10px 20px;background:${BRAND_COLOR};color:#ffffff;font-weight:600;text-decoration:none;border-radius:8px;font-size:15px;">${escapeHtml(c.button)}</a></td></tr>
${linkRow}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:560px;${FONT};color:#6b7280;font-size:12px;line-height:1.5;text-align:${align};">
<tr><td style="padding:16px 28px;">${escapeHtml(c.footer)}${footerLink}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

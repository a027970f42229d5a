import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

import type { Config } from "../config.ts";
import type { ServiceLog } from "../services.ts";
import type { Mail, Mailer } from "./mailer.ts";

/** One mail of the local inbox, as written to `<MAIL_DIR>/<id>.json`. */
export type StoredMail = {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** ISO timestamp of sending. */
  date: string;
};

/** A link in plain text: up to white space, brackets or quotes (trailing punctuation is trimmed). */
export const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/g;
export const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

/** Every http(s) link of a mail, text part first, each once (HTML attributes decoded). */
export function linksIn(mail: Pick<Mail, "text" | "html">): string[] {
  const fromText = (mail.text.match(URL_IN_TEXT) ?? []).map((url) => url.replace(TRAILING_PUNCTUATION, ""));
  const fromHtml = [...mail.html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((match) =>
    (match[1] ?? "").replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#39;", "'"),
  );
  return [...new Set([...fromText, ...fromHtml])];
}

let lastStamp = 0;

/** A file name that sorts in sending order (each a millisecond after the last at least) and never collides. */
function mailId(now: Date): string {
  lastStamp = Math.max(now.getTime(), lastStamp + 1);
  const stamp = new Date(lastStamp).toISOString().replace(/[-:.]/g, "").replace("T", "-").replace("Z", "");
  return `${stamp}-${randomBytes(4).toString("hex")}`;
}

/**
 * The local inbox: each mail becomes a JSON file under `dir`, and one log line names its recipient,
 * subject and links, so a reset link can be followed from the terminal (also listed at /dev/mail).
 */
function localInboxMailer(dir: string, from: string, log: ServiceLog): Mailer {
  return {
    async send(mail) {
      const now = new Date();
      const stored: StoredMail = {
        id: mailId(now),
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { ...mail.headers, ...(mail.messageId ? { "Message-ID": mail.messageId } : {}) },
        date: now.toISOString(),
      };
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${stored.id}.json`);
      await writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2));
      await rename(`${file}.tmp`, file);
      const links = linksIn(mail);
      log.info(
        { mail: { to: mail.to, subject: mail.subject, links, file } },
        `Local inbox: mail to ${mail.to}, “${mail.subject}”${links.length ? ` — links: ${links.join(" ")}` : ""}`,
      );
    },
    async close() {},
  };
}

/** SMTP through nodemailer to `url` (smtp:// or smtps://, credentials and options in the URL). */
function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        messageId: mail.messageId,
      });
    },
    async close() {
      transport.close();
    },
  };
}

/** The mailer the configuration asks for: SMTP with `SMTP_URL`, else the local inbox (`MAIL_DIR`, `DATA_DIR/mail`). */
export function createMailer(config: Pick<Config, "mail">, log: ServiceLog): Mailer {
  return config.mail.smtpUrl
    ? smtpMailer(config.mail.smtpUrl, config.mail.from)
    : localInboxMailer(config.mail.dir, config.mail.from, log);
}

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

/** How long a known outcome of the mail server stands for its reachability before it is checked again. */
const SMTP_OUTCOME_FRESH_MS = 60_000;

/**
 * Whether an SMTP failure says the server is out of reach (no connection, no greeting, silence, "421
 * service not available") rather than a refusal of this one mail by a server that answers.
 */
function serverUnreachable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return true;
  const responseCode: unknown = Reflect.get(error, "responseCode");
  return typeof responseCode !== "number" || responseCode === 421;
}

/**
 * SMTP through nodemailer to `url` (smtp:// or smtps://, credentials and options in the URL). Connecting,
 * the greeting and every silence of the server are bounded by `timeoutMs` (nodemailer waits minutes by
 * default), so a hung server fails the send and the queue retries it (docs/decisions/064).
 */
function smtpMailer(url: string, from: string, timeoutMs: number): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  let last: { reachable: boolean; at: number } | null = null;
  let checking: Promise<void> | null = null;
  const record = (reachable: boolean) => {
    last = { reachable, at: Date.now() };
  };
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
          messageId: mail.messageId,
        });
        record(true);
      } catch (error) {
        record(!serverUnreachable(error));
        throw error;
      }
    },
    async ready() {
      if (!last || Date.now() - last.at > SMTP_OUTCOME_FRESH_MS) {
        // One check at a time; a caller that stops waiting (the readiness timeout) leaves it to finish and record.
        checking ??= transport
          .verify()
          .then(
            () => record(true),
            (error: unknown) => record(!serverUnreachable(error)),
          )
          .finally(() => (checking = null));
        await checking;
      }
      if (last && !last.reachable) throw new Error("the mail server was not reachable lately");
    },
    async close() {
      transport.close();
    },
  };
}

/** The mailer the configuration asks for: SMTP with `SMTP_URL`, else the local inbox (`MAIL_DIR`, `DATA_DIR/mail`). */
export function createMailer(config: Pick<Config, "mail">, log: ServiceLog): Mailer {
  return config.mail.smtpUrl
    ? smtpMailer(config.mail.smtpUrl, config.mail.from, config.mail.timeoutMs)
    : localInboxMailer(config.mail.dir, config.mail.from, log);
}

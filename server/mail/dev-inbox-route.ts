import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";

import { BRAND_COLOR, escapeHtml } from "../http/html.ts";
import { TRAILING_PUNCTUATION, URL_IN_TEXT, type StoredMail } from "./create-mailer.ts";

// The local inbox in the browser, for development without SMTP: /dev/mail lists the newest mails,
// /dev/mail/:id shows one (its HTML in a sandboxed frame, its text with clickable links). A developer
// tool, in English; registered only outside production and without SMTP_URL (server/http/mail-routes.ts).

export const DEV_INBOX_PATH = "/dev/mail";
const LIST_SIZE = 100;
const ID = /^[0-9A-Za-z-]{1,80}$/;

const STYLE = `
  body { margin: 0; padding: 1.5rem; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2937; background: #f6f7f9; }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  table { border-collapse: collapse; width: 100%; background: #fff; }
  th, td { text-align: start; padding: 0.5rem 0.75rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
  th { font-weight: 600; white-space: nowrap; }
  a { color: ${BRAND_COLOR}; }
  iframe { width: 100%; height: 32rem; border: 1px solid #e5e7eb; background: #fff; }
  pre { white-space: pre-wrap; word-break: break-word; background: #fff; padding: 1rem; border: 1px solid #e5e7eb; }
  .muted { color: #6b7280; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${body}</body>
</html>
`;
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);
}

/** Plain text with its links made clickable, everything escaped. */
function linkify(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The inbox's mail ids, newest first. */
async function mailIds(dir: string): Promise<string[]> {
  try {
    const names = await readdir(dir);
    return names
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.slice(0, -".json".length))
      .filter((id) => ID.test(id))
      .sort()
      .reverse();
  } catch {
    return [];
  }
}

async function readMail(dir: string, id: string): Promise<StoredMail | null> {
  if (!ID.test(id)) return null;
  try {
    return JSON.parse(await readFile(path.join(dir, `${id}.json`), "utf8")) as StoredMail;
  } catch {
    return null;
  }
}

function notFound(reply: FastifyReply) {
  return sendHtml(
    reply,
    404,
    page("Mail not found", `<h1>Mail not found</h1><p><a href="${DEV_INBOX_PATH}">Back to the inbox</a></p>`),
  );
}

export async function devInboxRoutes(app: FastifyInstance, deps: { dir: string }) {
  app.get(DEV_INBOX_PATH, async (_request, reply) => {
    const ids = (await mailIds(deps.dir)).slice(0, LIST_SIZE);
    const mails = (await Promise.all(ids.map((id) => readMail(deps.dir, id)))).filter((mail) => mail !== null);
    const rows = mails
      .map(
        (mail) => `<tr><td class="muted">${escapeHtml(new Date(mail.date).toLocaleString("en-GB"))}</td>
<td>${escapeHtml(mail.to)}</td>
<td><a href="${DEV_INBOX_PATH}/${escapeHtml(mail.id)}">${escapeHtml(mail.subject || "(no subject)")}</a></td></tr>`,
      )
      .join("\n");
    const body = `<h1>Local inbox</h1>
<p class="muted">Mails the server would have sent (no SMTP_URL is set), newest first, from <code>${escapeHtml(deps.dir)}</code>.</p>
${mails.length ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : "<p>No mails yet.</p>"}`;
    return sendHtml(reply, 200, page("Local inbox", body));
  });

  app.get<{ Params: { id: string } }>(`${DEV_INBOX_PATH}/:id`, async (request, reply) => {
    const mail = await readMail(deps.dir, request.params.id);
    if (!mail) return notFound(reply);
    const headerRows = Object.entries({ From: mail.from, To: mail.to, Subject: mail.subject, Date: mail.date, ...mail.headers })
      .map(([name, value]) => `<tr><th>${escapeHtml(name)}</th><td>${linkify(value)}</td></tr>`)
      .join("\n");
    const body = `<p><a href="${DEV_INBOX_PATH}">← Local inbox</a></p>
<h1>${escapeHtml(mail.subject || "(no subject)")}</h1>
<table>${headerRows}</table>
<h2>HTML</h2>
<iframe title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" src="${DEV_INBOX_PATH}/${escapeHtml(mail.id)}/html"></iframe>
<h2>Text</h2>
<pre>${linkify(mail.text)}</pre>`;
    return sendHtml(reply, 200, page(mail.subject || "Mail", body));
  });

  // The mail's own HTML, shown only inside the frame above: no scripts, no forms, links open a new tab.
  app.get<{ Params: { id: string } }>(`${DEV_INBOX_PATH}/:id/html`, async (request, reply) => {
    const mail = await readMail(deps.dir, request.params.id);
    if (!mail) return notFound(reply);
    const html = mail.html.includes("<head>")
      ? mail.html.replace("<head>", '<head><base target="_blank">')
      : `<base target="_blank">${mail.html}`;
    reply.header(
      "content-security-policy",
      "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; frame-ancestors 'self'",
    );
    return sendHtml(reply, 200, html);
  });
}

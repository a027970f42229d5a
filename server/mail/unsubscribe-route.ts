import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import type { Database } from "../../db/database.ts";
import { profiles } from "../../db/schema/index.ts";
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "../../domain/languages.ts";
import type { Config } from "../config.ts";
import { escapeHtml, htmlPage } from "../http/html.ts";
import { m } from "../i18n/paraglide/messages.js";
import { browserLanguage } from "../i18n/request-language.ts";
import { verifyUnsubscribeToken, type UnsubscribeClaims } from "./unsubscribe-token.ts";

/** The path of the one-click unsubscribe (its POST is exempt from the origin guard: mail providers call it). */
export const UNSUBSCRIBE_PATH = "/api/unsubscribe";

const MAX_TOKEN_LENGTH = 1000;

type Query = { token?: unknown; lang?: unknown };

function claimsOf(query: Query, secret: string): UnsubscribeClaims | null {
  const token = query.token;
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
  return verifyUnsubscribeToken(token, secret);
}

/** The page's language: the link's, else the person's own, else the browser's, else the default. */
async function pageLanguage(
  db: Database,
  request: FastifyRequest<{ Querystring: Query }>,
  claims: UnsubscribeClaims | null,
): Promise<LanguageCode> {
  if (isLanguageCode(request.query.lang)) return request.query.lang;
  if (claims) {
    const [row] = await db.select({ language: profiles.language }).from(profiles).where(eq(profiles.id, claims.userId));
    if (isLanguageCode(row?.language)) return row.language;
  }
  return browserLanguage(request.headers) ?? DEFAULT_LANGUAGE;
}

function settingsLink(config: Config, locale: LanguageCode): string {
  const href = `${config.publicUrl.replace(/\/+$/, "")}/settings/notifications`;
  return `<p><a href="${escapeHtml(href)}">${escapeHtml(m.notifications_title({}, { locale }))}</a></p>`;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(html);
}

function invalidPage(reply: FastifyReply, config: Config, locale: LanguageCode) {
  const title = m.unsubscribe_invalid_title({}, { locale });
  const body = `<p>${escapeHtml(m.unsubscribe_invalid_text({}, { locale }))}</p>${settingsLink(config, locale)}`;
  return sendPage(reply, 400, htmlPage(locale, title, body));
}

/**
 * The unsubscribe link of notification e-mails (`?token=…&lang=…`, server/mail/unsubscribe-token.ts).
 * GET shows a confirmation page whose button POSTs (a link scanner's GET changes nothing); POST is
 * also what mail clients send for one-click unsubscribe (RFC 8058, body `List-Unsubscribe=One-Click`)
 * and turns the person's notification e-mails off. A missing, damaged or forged token answers 400 with
 * a page saying so, in the link's language.
 */
export async function unsubscribeRoutes(app: FastifyInstance, deps: { db: Database; config: Config; now: () => Date }) {
  const { db, config } = deps;
  // One-click POSTs are forms (urlencoded or multipart); the body says nothing the token does not.
  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "string", bodyLimit: 4096 },
    (_request, _body, done) => done(null, null),
  );

  app.get<{ Querystring: Query }>(UNSUBSCRIBE_PATH, async (request, reply) => {
    const claims = claimsOf(request.query, config.authSecret);
    const locale = await pageLanguage(db, request, claims);
    if (!claims) return invalidPage(reply, config, locale);
    const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(String(request.query.token))}&lang=${locale}`;
    const body = `<p>${escapeHtml(m.unsubscribe_question({}, { locale }))}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(m.unsubscribe_button({}, { locale }))}</button>
</form>`;
    return sendPage(reply, 200, htmlPage(locale, m.unsubscribe_title({}, { locale }), body));
  });

  app.post<{ Querystring: Query }>(UNSUBSCRIBE_PATH, async (request, reply) => {
    const claims = claimsOf(request.query, config.authSecret);
    const locale = await pageLanguage(db, request, claims);
    if (!claims) return invalidPage(reply, config, locale);
    // Idempotent; a person deleted since the mail went out has nothing left to turn off.
    await db.update(profiles).set({ notificationEmail: false, updatedAt: deps.now() }).where(eq(profiles.id, claims.userId));
    const body = `<p>${escapeHtml(m.unsubscribe_done_text({}, { locale }))}</p>${settingsLink(config, locale)}`;
    return sendPage(reply, 200, htmlPage(locale, m.unsubscribe_done_title({}, { locale }), body));
  });
}

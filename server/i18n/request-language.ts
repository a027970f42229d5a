import type { IncomingHttpHeaders } from "node:http";

import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "../../domain/languages.ts";

/** The cookie the SPA keeps its chosen language in (beside localStorage `language`). */
const LANGUAGE_COOKIE = /(?:^|;\s*)language=([a-z]{2})(?:;|$)/;

/** The first of our languages the browser asks for (Accept-Language), if any. */
export function browserLanguage(headers: IncomingHttpHeaders): LanguageCode | null {
  const header = headers["accept-language"];
  if (typeof header !== "string") return null;
  for (const part of header.split(",")) {
    const code = part.split(";")[0]?.trim().toLowerCase().split("-")[0];
    if (isLanguageCode(code)) return code;
  }
  return null;
}

/**
 * The language the SPA will choose for this browser, as far as a request shows it: the one it chose
 * before (its cookie), else the browser's, else the default. The SPA's own order (localStorage first)
 * wins where they differ; the cookie follows it on the next visit.
 */
export function pageLanguage(headers: IncomingHttpHeaders): LanguageCode {
  const chosen = headers.cookie?.match(LANGUAGE_COOKIE)?.[1];
  if (isLanguageCode(chosen)) return chosen;
  return browserLanguage(headers) ?? DEFAULT_LANGUAGE;
}

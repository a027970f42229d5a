import type { SharePreview } from "../../domain/first-screen.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { m } from "../i18n/paraglide/messages.js";
import { escapeHtml } from "./html.ts";

// What a shared link shows before anyone opens it (docs/product.md, Shareable pages): the page's <title>,
// a description, and the Open Graph and Twitter tags messengers and social sites read from the HTML the
// server sends (they run no JavaScript). The routes say what (their `head`, src/lib/share-meta.ts); every
// value goes through escapeHtml here.

/** The branded picture every shared page shows (public/og-image.png, 1200 × 630). */
export const SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

/** Open Graph wants a language and a territory: the one each language is most read in. */
const OG_LOCALES: Record<LanguageCode, string> = {
  ru: "ru_RU",
  en: "en_US",
  uz: "uz_UZ",
  kk: "kk_KZ",
  tk: "tk_TM",
  es: "es_ES",
  de: "de_DE",
  fr: "fr_FR",
  ar: "ar_AR",
  zh: "zh_CN",
};

/** A shared page's preview: its own title (without the site's name), description, path and type. */
export type ShareMeta = SharePreview & { title: string };

/** The <title> of a page: "Its title · Daywork", or the site's name alone. */
export function documentTitle(title: string | null, locale: LanguageCode): string {
  const site = m.app_name({}, { locale });
  return title ? `${title} · ${site}` : site;
}

/**
 * The head elements of a shared page: its title, description, canonical address, Open Graph and
 * Twitter card tags, all escaped.
 */
export function shareHead(meta: ShareMeta, locale: LanguageCode, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  const url = `${base}${meta.path}`;
  const image = `${base}${SHARE_IMAGE.path}`;
  const site = m.app_name({}, { locale });
  const property = (name: string, content: string | number) => `<meta property="${name}" content="${escapeHtml(content)}">`;
  const named = (name: string, content: string | number) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(documentTitle(meta.title, locale))}</title>`,
    named("description", meta.description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    property("og:site_name", site),
    property("og:type", meta.type),
    property("og:title", meta.title),
    property("og:description", meta.description),
    property("og:url", url),
    property("og:locale", OG_LOCALES[locale]),
    property("og:image", image),
    property("og:image:width", SHARE_IMAGE.width),
    property("og:image:height", SHARE_IMAGE.height),
    property("og:image:alt", site),
    named("twitter:card", "summary_large_image"),
    named("twitter:title", meta.title),
    named("twitter:description", meta.description),
    named("twitter:image", image),
  ].join("");
}

/** The head of a page nobody shares (or of one that is not there): its title only, and no indexing when missing. */
export function plainHead(title: string | null, locale: LanguageCode, options: { noindex: boolean }): string {
  return `<title>${escapeHtml(documentTitle(title, locale))}</title>${options.noindex ? '<meta name="robots" content="noindex">' : ""}`;
}

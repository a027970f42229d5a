import { formatCalendarDate, formatMoneyIn, intlLocaleFor } from "../../domain/intl-locale.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import type { JobStatus } from "../../domain/statuses.ts";
import type { UserType } from "../../domain/user-types.ts";
import { m } from "../i18n/paraglide/messages.js";
import { escapeHtml } from "./html.ts";

// What a shared link shows before anyone opens it (docs/product.md, Shareable pages): the page's
// <title>, a description, and the Open Graph and Twitter tags messengers and social sites read from the
// HTML the server sends (they run no JavaScript). Every value from a person goes through escapeHtml.

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

/** Longest description written (messengers cut around 200 characters anyway). */
const DESCRIPTION_MAX = 200;

export type ShareMeta = {
  /** The page's own title, without the site's name. */
  title: string;
  description: string;
  /** The page's path ("/jobs/…"), made absolute with the public address. */
  path: string;
  type: "website" | "profile";
};

/** A job as the job page's query answers it, the fields its preview names. */
export type SharedJob = {
  id: string;
  title: string;
  description: string;
  status: JobStatus;
  hourlyRate: number | null;
  currency: string;
  startDate: string;
  durationDays: number;
  cityName: string | null;
  district: string | null;
};

/** A public profile as profiles.public answers it, the fields its preview names. */
export type SharedProfile = {
  id: string;
  fullName: string;
  userType: UserType;
  companyName: string | null;
  bio: string | null;
  location: string | null;
  rating: { average: number | null; count: number };
};

/** One line of text at most `max` characters long, cut at a word where there is one, with "…". */
export function excerpt(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Facts first (they survive any cut), then as much of the free text as fits. */
function describe(facts: string[], text: string | null): string {
  const head = facts.filter(Boolean).join(" · ");
  const rest = text ? excerpt(text, Math.max(0, DESCRIPTION_MAX - head.length - 2)) : "";
  return excerpt(rest && head ? `${head}. ${rest}` : head || rest, DESCRIPTION_MAX);
}

const STATUS_LABEL: Record<JobStatus, (locale: LanguageCode) => string> = {
  open: (locale) => m.job_status_open({}, { locale }),
  in_progress: (locale) => m.job_status_in_progress({}, { locale }),
  completed: (locale) => m.job_status_completed({}, { locale }),
  cancelled: (locale) => m.job_status_cancelled({}, { locale }),
};

/** A job's preview: its title; the rate, the place, the start and the length, then its description. */
export function jobShareMeta(job: SharedJob, locale: LanguageCode): ShareMeta {
  const options = { locale };
  const rate =
    job.hourlyRate === null
      ? m.job_card_negotiable({}, options)
      : m.job_card_per_hour({ amount: formatMoneyIn(job.hourlyRate, job.currency, locale) }, options);
  const place = [job.district, job.cityName].filter(Boolean).join(", ");
  const dates = `${m.job_card_starts({ date: formatCalendarDate(job.startDate, locale, "long") }, options)} (${m.job_card_days({ count: job.durationDays }, options)})`;
  const facts = [job.status === "open" ? "" : STATUS_LABEL[job.status](locale), rate, place, dates];
  return { title: job.title, description: describe(facts, job.description), path: `/jobs/${job.id}`, type: "website" };
}

/** A public profile's preview: the name (and company), the kind of account, place and rating, then the bio. */
export function profileShareMeta(profile: SharedProfile, locale: LanguageCode): ShareMeta {
  const options = { locale };
  const kind = profile.userType === "employer" ? m.profile_type_employer({}, options) : m.profile_type_worker({}, options);
  const company = profile.userType === "employer" ? profile.companyName?.trim() : "";
  const rating =
    profile.rating.average !== null && profile.rating.count > 0
      ? `★ ${new Intl.NumberFormat(intlLocaleFor(locale).locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(profile.rating.average)} (${m.rating_review_count({ count: profile.rating.count }, options)})`
      : "";
  return {
    title: company ? `${profile.fullName} · ${company}` : profile.fullName,
    description: describe([kind, profile.location ?? "", rating], profile.bio),
    path: `/profile/${profile.id}`,
    type: "profile",
  };
}

/** The home page's preview: what Daywork is. */
export function homeShareMeta(locale: LanguageCode): ShareMeta {
  return {
    title: m.home_title({}, { locale }),
    description: m.home_subtitle({}, { locale }),
    path: "/",
    type: "website",
  };
}

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

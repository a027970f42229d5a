import { formatCalendarDate, formatMoneyIn, intlLocaleFor } from "../../domain/intl-locale.ts";
import type { JobStatus } from "../../domain/statuses.ts";
import type { UserType } from "../../domain/user-types.ts";
import { m } from "../paraglide/messages.js";
import { currentLanguage } from "./locale.ts";

// What a shared link shows before anyone opens it (docs/product.md, Shareable pages), as the routes' `head`:
// the server writes it into the HTML with the Open Graph and Twitter tags (server/http/share-meta.ts).
// Imported by the routes only on the server (`import.meta.env.SSR`): the app's own code never carries it.

/** Longest description written (messengers cut around 200 characters anyway). */
const DESCRIPTION_MAX = 200;

/** A route's head as TanStack Router takes it: a title, a description, the Open Graph type, the canonical path. */
export type RouteHead = {
  meta: ({ title: string } | { name: string; content: string } | { property: string; content: string })[];
  links?: { rel: string; href: string }[];
};

/** A job as the job page's loader reads it, the fields its preview names. */
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

/** A public profile as its page's loader reads it (profiles.public), the fields its preview names. */
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

function sharedHead(title: string, description: string, path: string, type: "website" | "profile"): RouteHead {
  return {
    meta: [{ title }, { name: "description", content: description }, { property: "og:type", content: type }],
    links: [{ rel: "canonical", href: path }],
  };
}

const STATUS_LABEL: Record<JobStatus, () => string> = {
  open: () => m.job_status_open(),
  in_progress: () => m.job_status_in_progress(),
  completed: () => m.job_status_completed(),
  cancelled: () => m.job_status_cancelled(),
};

/** A job's preview: its title; the rate, the place, the start and the length, then its description. Not found: a title saying so. */
export function jobHead(job: SharedJob | undefined): RouteHead {
  if (!job) return { meta: [{ title: m.error_job_not_found() }] };
  const language = currentLanguage();
  const rate =
    job.hourlyRate === null
      ? m.job_card_negotiable()
      : m.job_card_per_hour({ amount: formatMoneyIn(job.hourlyRate, job.currency, language) });
  const place = [job.district, job.cityName].filter(Boolean).join(", ");
  const dates = `${m.job_card_starts({ date: formatCalendarDate(job.startDate, language, "long") })} (${m.job_card_days({ count: job.durationDays })})`;
  const facts = [job.status === "open" ? "" : STATUS_LABEL[job.status](), rate, place, dates];
  return sharedHead(job.title, describe(facts, job.description), `/jobs/${job.id}`, "website");
}

/** A public profile's preview: the name (and company), the kind of account, place and rating, then the bio. */
export function profileHead(profile: SharedProfile | undefined): RouteHead {
  if (!profile) return { meta: [{ title: m.profile_not_available() }] };
  const kind = profile.userType === "employer" ? m.profile_type_employer() : m.profile_type_worker();
  const company = profile.userType === "employer" ? profile.companyName?.trim() : "";
  const number = new Intl.NumberFormat(intlLocaleFor(currentLanguage()).locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const rating =
    profile.rating.average !== null && profile.rating.count > 0
      ? `★ ${number.format(profile.rating.average)} (${m.rating_review_count({ count: profile.rating.count })})`
      : "";
  const title = company ? `${profile.fullName} · ${company}` : profile.fullName;
  return sharedHead(title, describe([kind, profile.location ?? "", rating], profile.bio), `/profile/${profile.id}`, "profile");
}

/** The home page's preview: what Daywork is. */
export function homeHead(): RouteHead {
  return sharedHead(m.home_title(), m.home_subtitle(), "/", "website");
}

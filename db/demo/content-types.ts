import type { JobCurrency } from "../../domain/currencies.ts";

/** Country codes of the markets Daywork operates in. */
export type CountryCode = "RU" | "KZ" | "UZ" | "TM" | "DE" | "FR" | "ES";

/** Languages the demo content (and the app) can be written in. */
export type LanguageCode = "ru" | "en" | "uz" | "kk" | "tk" | "es" | "de" | "fr" | "ar" | "zh";

/** Job categories of the marketplace. */
export type CategoryId = "construction" | "delivery" | "cleaning" | "catering" | "moving" | "landscaping" | "retail" | "other";

/** Currencies jobs can be paid in. */
export type CurrencyCode = JobCurrency;

/** One realistic job posting the seeder can turn into a job. */
export interface JobTemplate {
  title: string;
  description: string;
  skills: string[];
}

/** Everything the demo seeder needs to make one country's marketplace look real. */
export interface CountryContent {
  code: CountryCode;
  /** The language job texts of this country are written in. */
  language: LanguageCode;
  /** The country's own currency: RUB, KZT, UZS, TMT; EUR for DE, FR, ES. */
  currency: CurrencyCode;
  /** Realistic hourly rates in `currency`, [min, max]. */
  rateRange: [number, number];
  /** Real cities, in the local written form: each must be a gazetteer city of the country (the seeder places jobs there). */
  cities: string[];
  maleFirstNames: string[];
  femaleFirstNames: string[];
  /** Surnames in their base (masculine) form; see `personName` in content.ts. */
  lastNames: string[];
  /** Plausible small-business names, in the local language. */
  companies: string[];
  /** First-person profile bios, 1–2 sentences each. */
  bios: { worker: string[]; employer: string[] };
  /** Job templates per category, written in `language`. */
  jobs: Record<CategoryId, JobTemplate[]>;
}

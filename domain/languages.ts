/**
 * The ten interface languages, in the order the switcher shows them, each by its own name. No flags:
 * a language is not a country (Arabic, English, Russian are spoken in many), and Windows draws flag
 * emoji as letter boxes.
 */
export const LANGUAGES = [
  { code: "ru", name: "Русский" },
  { code: "en", name: "English" },
  { code: "uz", name: "Oʻzbekcha" },
  { code: "kk", name: "Қазақша" },
  { code: "tk", name: "Türkmençe" },
  { code: "es", name: "Español" },
  { code: "de", name: "Deutsch" },
  { code: "fr", name: "Français" },
  { code: "ar", name: "العربية" },
  { code: "zh", name: "中文" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];

/** Language codes as a tuple, for zod enums and database checks. */
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];

export const DEFAULT_LANGUAGE: LanguageCode = "ru";

/** True for a string that names one of our languages. */
export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** Writing direction of a language. */
export function textDirection(code: LanguageCode): "ltr" | "rtl" {
  return code === "ar" ? "rtl" : "ltr";
}

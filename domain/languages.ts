/** The ten interface languages, in the order the switcher shows them. */
export const LANGUAGES = [
  { code: "ru", name: "Русский", flag: "🇷🇺" },
  { code: "en", name: "English", flag: "🇬🇧" },
  { code: "uz", name: "Oʻzbekcha", flag: "🇺🇿" },
  { code: "kk", name: "Қазақша", flag: "🇰🇿" },
  { code: "tk", name: "Türkmençe", flag: "🇹🇲" },
  { code: "es", name: "Español", flag: "🇪🇸" },
  { code: "de", name: "Deutsch", flag: "🇩🇪" },
  { code: "fr", name: "Français", flag: "🇫🇷" },
  { code: "ar", name: "العربية", flag: "🇸🇦" },
  { code: "zh", name: "中文", flag: "🇨🇳" },
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

import { textDirection, type LanguageCode } from "../../domain/languages.ts";
import { getLocale, setLocale } from "../paraglide/runtime.js";

/** The reader's language. */
export function currentLanguage(): LanguageCode {
  return getLocale();
}

/** Sets `<html lang>` and `dir` for the current language. */
export function applyDocumentLanguage(): void {
  const lang = getLocale();
  document.documentElement.lang = lang;
  document.documentElement.dir = textDirection(lang);
}

/** Switches language: kept in localStorage `language`, then the page reloads in that language. */
export function switchLanguage(code: LanguageCode): void {
  void setLocale(code);
}

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

/**
 * Wraps text of unknown direction (a name, a job title, a file name) for use inside a translated
 * sentence, so a Russian name keeps its place and its punctuation in an Arabic sentence and back.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

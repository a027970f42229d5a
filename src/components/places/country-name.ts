import { currentLanguage } from "../../lib/locale.ts";

/** A country's name in the interface language, from the browser's own data (its ISO code where it has none). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([currentLanguage()], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

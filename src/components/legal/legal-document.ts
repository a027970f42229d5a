import type { LegalTextLanguage } from "../../../domain/legal.ts";

/**
 * A run of legal text: words, an e-mail address, a link to a page of the app, emphasis, or a value the
 * operator must still fill in (shown visibly as a placeholder).
 */
export type LegalInline =
  string | { email: string } | { href: string; text: string } | { strong: string } | { placeholder: string };

/** A paragraph (a string or a sequence of runs) or a bulleted list of such paragraphs. */
export type LegalParagraph = string | LegalInline[];
export type LegalBlock = LegalParagraph | { list: LegalParagraph[] };

/** One numbered part of a legal text; `id` is the anchor and is the same in every language. */
export type LegalSection = { id: string; heading: string; blocks: LegalBlock[] };

/** A legal text in one language. */
export type LegalDocument = { lang: LegalTextLanguage; intro: LegalBlock[]; sections: LegalSection[] };

/** A legal text in each language it exists in. */
export type LegalTexts = Record<LegalTextLanguage, LegalDocument>;

/** Shorthand for a placeholder the operator fills in before publishing. */
export const placeholder = (text: string): LegalInline => ({ placeholder: text });

/** The Russian form of a noun after `count`, e.g. ruPlural(21, "день", "дня", "дней") → "день". */
export function ruPlural(count: number, one: string, few: string, many: string): string {
  const form = new Intl.PluralRules("ru").select(count);
  return form === "one" ? one : form === "few" ? few : many;
}

/** An age in Russian: the genitive after "достигшие" or "младше" ("18 лет"), the nominative after "исполнилось". */
export function ruAge(years: number, grammaticalCase: "genitive" | "nominative"): string {
  return grammaticalCase === "genitive"
    ? `${years} ${ruPlural(years, "года", "лет", "лет")}`
    : `${years} ${ruPlural(years, "год", "года", "лет")}`;
}

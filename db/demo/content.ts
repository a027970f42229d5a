import { de } from "./content-de.ts";
import { es } from "./content-es.ts";
import { fr } from "./content-fr.ts";
import { kz } from "./content-kz.ts";
import { ru } from "./content-ru.ts";
import { tm } from "./content-tm.ts";
import type { CountryContent } from "./content-types.ts";
import { uz } from "./content-uz.ts";

/** Demo content for every country Daywork operates in. */
export const countries: CountryContent[] = [ru, kz, uz, tm, de, fr, es];

/** Masculine → feminine surname endings, per language; the first matching ending wins. */
const feminineEndings: Partial<Record<CountryContent["language"], [string, string][]>> = {
  ru: [
    ["ский", "ская"],
    ["цкий", "цкая"],
    ["ов", "ова"],
    ["ев", "ева"],
    ["ёв", "ёва"],
    ["ин", "ина"],
    ["ын", "ына"],
  ],
  uz: [
    ["ov", "ova"],
    ["ev", "eva"],
  ],
  tk: [
    ["ow", "owa"],
    ["ew", "ewa"],
  ],
};
feminineEndings.kk = feminineEndings.ru;

/** Full name ("First Last") for a person of the given gender, with the surname put in the feminine form where the country's language requires it. */
export function personName(c: CountryContent, gender: "m" | "f", first: string, last: string): string {
  let surname = last;
  if (gender === "f") {
    for (const [masculine, feminine] of feminineEndings[c.language] ?? []) {
      if (last.length > masculine.length + 1 && last.toLowerCase().endsWith(masculine)) {
        surname = last.slice(0, last.length - masculine.length) + feminine;
        break;
      }
    }
  }
  return `${first} ${surname}`;
}

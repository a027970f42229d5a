import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

import { LANGUAGE_CODES, type LanguageCode } from "../domain/languages.ts";
import { m } from "../src/paraglide/messages.js";

// Plural messages (inlang message format) are arrays of variants whose `match` keys read
// "countPlural=few"; a selector is plural when a declaration says "local countPlural = count: plural".
type Variant = { declarations?: string[]; selectors?: string[]; match?: Record<string, string> };
type Catalogue = Record<string, string | Variant[]>;

const catalogues = Object.fromEntries(
  LANGUAGE_CODES.map((l) => [l, JSON.parse(readFileSync(`messages/${l}.json`, "utf8")) as Catalogue]),
) as Record<LanguageCode, Catalogue>;

const pluralKeys = [
  ...new Set(
    LANGUAGE_CODES.flatMap((l) =>
      Object.keys(catalogues[l]).filter((k) => !k.startsWith("$") && Array.isArray(catalogues[l][k])),
    ),
  ),
].sort();

/** The CLDR categories a language's plural rules distinguish, as the running ICU knows them. */
const categoriesOf = (locale: string) => [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();

/** The plural categories a message's variants name in one language ("other" for a plain string). */
function categoriesIn(message: string | Variant[] | undefined): string[] {
  if (message === undefined) return [];
  if (typeof message === "string") return ["other"];
  const found = new Set<string>();
  for (const variant of message) {
    const pluralSelectors = new Set(
      (variant.declarations ?? []).flatMap((d) => /^local (\w+) = \w+: plural\b/.exec(d)?.[1] ?? []),
    );
    for (const key of Object.keys(variant.match ?? {})) {
      for (const part of key.split(",")) {
        const [selector, category] = part.trim().split("=");
        if (selector && category && category !== "*" && pluralSelectors.has(selector)) found.add(category);
      }
    }
  }
  return [...found].sort();
}

type Render = (inputs: Record<string, unknown>, options: { locale: LanguageCode }) => string;
const compiled = m as unknown as Record<string, Render>;

describe("plural messages", () => {
  it("the running ICU has the CLDR categories the catalogues are written for", () => {
    expect(Object.fromEntries(LANGUAGE_CODES.map((l) => [l, categoriesOf(l)]))).toEqual({
      ru: ["few", "many", "one", "other"],
      en: ["one", "other"],
      uz: ["one", "other"],
      kk: ["one", "other"],
      tk: ["one", "other"],
      es: ["many", "one", "other"],
      de: ["one", "other"],
      fr: ["many", "one", "other"],
      ar: ["few", "many", "one", "other", "two", "zero"],
      zh: ["other"],
    });
  });

  it("there are plural messages to check", () => {
    expect(pluralKeys).toContain("home_job_count");
  });

  describe.each(pluralKeys)("%s", (key) => {
    it.each(LANGUAGE_CODES)("%s names exactly the categories its language has", (locale) => {
      expect(categoriesIn(catalogues[locale][key])).toEqual(categoriesOf(locale));
    });

    it.each(LANGUAGE_CODES)("%s renders a text for every kind of number", (locale) => {
      const render = compiled[key];
      expect(render).toBeTypeOf("function");
      for (const count of [0, 1, 2, 3, 5, 11, 21, 100, 101, 1_000_000]) {
        const text = render?.({ count, rating: "4.5", senderName: "Anna", accepted: count, max: count }, { locale }) ?? "";
        // A variant that no category reaches makes the compiled function answer with the key itself.
        expect(text, `${locale} ${count}`).not.toBe(key);
        expect(text.trim(), `${locale} ${count}`).not.toBe("");
        expect(text, `${locale} ${count}`).not.toContain("undefined");
      }
    });
  });
});

describe("home_job_count through the compiled messages", () => {
  it("uses the Russian one, few and many forms", () => {
    expect([1, 2, 5, 21].map((count) => m.home_job_count({ count }, { locale: "ru" }))).toEqual([
      "1 вакансия",
      "2 вакансии",
      "5 вакансий",
      "21 вакансия",
    ]);
  });

  it("uses all six Arabic forms", () => {
    expect([0, 1, 2, 3, 11, 100].map((count) => m.home_job_count({ count }, { locale: "ar" }))).toEqual([
      "لا توجد وظائف", // zero
      "وظيفة واحدة", // one
      "وظيفتان", // two
      "3 وظائف", // few (3–10)
      "11 وظيفة", // many (11–99)
      "100 وظيفة", // other
    ]);
  });

  it("has one form in Chinese and two in English", () => {
    expect([1, 5].map((count) => m.home_job_count({ count }, { locale: "zh" }))).toEqual(["1 个职位", "5 个职位"]);
    expect([1, 5].map((count) => m.home_job_count({ count }, { locale: "en" }))).toEqual(["1 job", "5 jobs"]);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

import { formatCalendarDate } from "../domain/intl-locale.ts";
import { LANGUAGE_CODES, type LanguageCode } from "../domain/languages.ts";

// The wording rules of docs/decisions/053, checked over the catalogues themselves.
type Variant = { match?: Record<string, string> };
type Catalogue = Record<string, string | Variant[]>;

const catalogues = Object.fromEntries(
  LANGUAGE_CODES.map((l) => [l, JSON.parse(readFileSync(`messages/${l}.json`, "utf8")) as Catalogue]),
) as Record<LanguageCode, Catalogue>;

/** Every text of a language's messages with its key: a plain message, or each variant of a plural one. */
function textsOf(language: LanguageCode): [string, string][] {
  return Object.entries(catalogues[language]).flatMap(([key, message]): [string, string][] => {
    if (key.startsWith("$")) return [];
    if (typeof message === "string") return [[key, message]];
    return message.flatMap((variant) => Object.values(variant.match ?? {}).map((t): [string, string] => [key, t]));
  });
}

const russian = textsOf("ru");
const offending = (pattern: RegExp) => russian.filter(([, t]) => pattern.test(t)).map(([key, t]) => `${key}: ${t}`);

describe("Russian wording", () => {
  it('calls a job posting "вакансия", never "заказ"', () => {
    expect(offending(/заказ/i)).toEqual([]);
  });

  it('names the lists "Мои вакансии" (posted) and "Мои отклики" (applied), not "Мои работы"', () => {
    expect(offending(/мои работы/i)).toEqual([]);
    const ru = catalogues.ru;
    expect([ru.nav_my_jobs, ru.my_jobs_title_employer, ru.my_jobs_view_posted]).toEqual(Array(3).fill("Мои вакансии"));
    expect([ru.nav_my_jobs_worker, ru.my_jobs_title_worker, ru.my_jobs_view_applied]).toEqual(Array(3).fill("Мои отклики"));
  });

  it("speaks of people in words that fit a woman as well as a man", () => {
    // A status shown beside a person as a gendered form ("Принят" under a woman's name)...
    expect(
      offending(/^(Уже )?(Не )?(Принят|Принята|Нанят|Нанята|Отклонён|Отозван|Присутствовал|Отсутствовал|Отказался|Приглашён)$/u),
    ).toEqual([]);
    // ...a person's name followed by a gendered past verb ("{workerName} принял", "{name} отказался")...
    expect(offending(/\{\w*[nN]ame\}\s+[а-яё]+(л|лся|ла|лась)(?![а-яё])/u)).toEqual([]);
    // ...or the "(а)" / "(-ась)" patches that split a word by gender.
    expect(offending(/\((-?а|-?ась|ла)\)/u)).toEqual([]);
  });
});

describe("a date at the end of a sentence", () => {
  // "1 дек. 2026 г." already ends with the abbreviation's period: "{date}." would print "2026 г..". Each
  // language's dates are formatted as the pages do (medium and long, every month), and a message may put
  // a date placeholder right before a period only where no such date ends with one.
  const dateLike = /\{(\w*(?:date|Date|day|Day)\w*)\}\s*\./g;
  for (const language of LANGUAGE_CODES) {
    it(`never doubles the period in ${language}`, () => {
      const dates = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}-01`).flatMap((day) => [
        formatCalendarDate(day, language, "medium"),
        formatCalendarDate(day, language, "long"),
      ]);
      const endsWithPeriod = dates.some((d) => d.endsWith("."));
      const found = endsWithPeriod ? textsOf(language).filter(([, t]) => dateLike.test(t)) : [];
      dateLike.lastIndex = 0;
      expect(found.map(([key, t]) => `${key}: ${t}`)).toEqual([]);
    });
  }
});

import { describe, expect, it } from "vitest";

import { LIMITS } from "../../domain/limits.ts";
import type { CategoryId, CountryCode, CountryContent } from "./content-types.ts";
import { countries, personName } from "./content.ts";

const categories: CategoryId[] = ["construction", "delivery", "cleaning", "catering", "moving", "landscaping", "retail", "other"];

const expected: Record<CountryCode, { language: CountryContent["language"]; currency: CountryContent["currency"] }> = {
  RU: { language: "ru", currency: "RUB" },
  KZ: { language: "ru", currency: "KZT" },
  UZ: { language: "uz", currency: "UZS" },
  TM: { language: "tk", currency: "TMT" },
  DE: { language: "de", currency: "EUR" },
  FR: { language: "fr", currency: "EUR" },
  ES: { language: "es", currency: "EUR" },
};

function byCode(code: CountryCode): CountryContent {
  const c = countries.find((x) => x.code === code);
  if (!c) throw new Error(`no content for ${code}`);
  return c;
}

function expectFilledUnique(list: string[], min: number): void {
  expect(list.length).toBeGreaterThanOrEqual(min);
  for (const s of list) {
    expect(s.trim()).toBe(s);
    expect(s.length).toBeGreaterThan(0);
  }
  expect(new Set(list).size).toBe(list.length);
}

describe("demo content", () => {
  it("covers all seven countries once", () => {
    expect(countries.map((c) => c.code).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const c of countries) {
    describe(c.code, () => {
      it("has the expected language, currency and a sane rate range", () => {
        expect(c.language).toBe(expected[c.code].language);
        expect(c.currency).toBe(expected[c.code].currency);
        const [min, max] = c.rateRange;
        expect(min).toBeGreaterThan(0);
        expect(max).toBeLessThanOrEqual(LIMITS.hourlyRateMax * 10);
        expect(min).toBeLessThan(max);
      });

      it("has enough cities, names, companies and bios", () => {
        expectFilledUnique(c.cities, 10);
        expectFilledUnique(c.maleFirstNames, 20);
        expectFilledUnique(c.femaleFirstNames, 20);
        expectFilledUnique(c.lastNames, 20);
        expectFilledUnique(c.companies, 15);
        expectFilledUnique(c.bios.worker, 8);
        expectFilledUnique(c.bios.employer, 8);
        for (const bio of [...c.bios.worker, ...c.bios.employer]) {
          expect(bio.length).toBeGreaterThanOrEqual(20);
          expect(bio.length).toBeLessThanOrEqual(300);
        }
      });

      it("has at least 4 valid templates per category", () => {
        expect(Object.keys(c.jobs).sort()).toEqual([...categories].sort());
        const titles = new Set<string>();
        for (const category of categories) {
          const templates = c.jobs[category];
          expect(templates.length, category).toBeGreaterThanOrEqual(4);
          for (const t of templates) {
            expect(t.title.trim(), t.title).toBe(t.title);
            expect(t.title.length, t.title).toBeGreaterThanOrEqual(3);
            expect(t.title.length, t.title).toBeLessThanOrEqual(200);
            expect(t.description.trim(), t.title).toBe(t.description);
            expect(t.description.length, t.title).toBeGreaterThanOrEqual(60);
            expect(t.description.length, t.title).toBeLessThanOrEqual(600);
            expect(t.skills.length, t.title).toBeGreaterThanOrEqual(1);
            expect(t.skills.length, t.title).toBeLessThanOrEqual(5);
            for (const skill of t.skills) {
              expect(skill.trim(), t.title).toBe(skill);
              expect(skill.length, t.title).toBeGreaterThan(0);
              expect(skill.length, t.title).toBeLessThan(50);
            }
            expect(new Set(t.skills.map((s) => s.toLowerCase())).size, t.title).toBe(t.skills.length);
            expect(titles.has(t.title), `duplicate title ${t.title}`).toBe(false);
            titles.add(t.title);
            expect(`${t.title} ${t.description}`).not.toMatch(/[Ll]orem|[Ii]psum|TODO|FIXME|XXX|[{}<>]/);
          }
        }
      });
    });
  }
});

describe("personName", () => {
  it("derives Russian feminine surnames", () => {
    const ru = byCode("RU");
    expect(personName(ru, "f", "Анна", "Иванов")).toBe("Анна Иванова");
    expect(personName(ru, "f", "Зарина", "Раджабов")).toBe("Зарина Раджабова");
    expect(personName(ru, "f", "Дарья", "Соловьёв")).toBe("Дарья Соловьёва");
    expect(personName(ru, "f", "Ольга", "Никитин")).toBe("Ольга Никитина");
    expect(personName(ru, "f", "Вера", "Вишневский")).toBe("Вера Вишневская");
    expect(personName(ru, "m", "Иван", "Иванов")).toBe("Иван Иванов");
  });

  it("uses Russian rules for Kazakh names written in Russian", () => {
    const kz = byCode("KZ");
    expect(personName(kz, "f", "Айгерим", "Сулейменов")).toBe("Айгерим Сулейменова");
    expect(personName(kz, "f", "Асель", "Жумабаев")).toBe("Асель Жумабаева");
  });

  it("derives Uzbek and Turkmen feminine surnames", () => {
    expect(personName(byCode("UZ"), "f", "Dilnoza", "Karimov")).toBe("Dilnoza Karimova");
    expect(personName(byCode("UZ"), "f", "Madina", "Aliyev")).toBe("Madina Aliyeva");
    expect(personName(byCode("UZ"), "m", "Aziz", "Karimov")).toBe("Aziz Karimov");
    expect(personName(byCode("TM"), "f", "Aýgül", "Orazow")).toBe("Aýgül Orazowa");
    expect(personName(byCode("TM"), "f", "Selbi", "Annaýew")).toBe("Selbi Annaýewa");
  });

  it("leaves surnames unchanged in other languages", () => {
    expect(personName(byCode("DE"), "f", "Anna", "Müller")).toBe("Anna Müller");
    expect(personName(byCode("FR"), "f", "Léa", "Petrov")).toBe("Léa Petrov");
    expect(personName(byCode("ES"), "f", "Lucía", "García")).toBe("Lucía García");
  });

  it("produces a sensible name for every seeded combination", () => {
    for (const c of countries) {
      for (const last of c.lastNames) {
        const first = c.femaleFirstNames[0] ?? "";
        const name = personName(c, "f", first, last);
        expect(name.startsWith(`${first} `)).toBe(true);
        expect(name.length).toBeGreaterThanOrEqual(first.length + 1 + last.length);
      }
    }
  });
});

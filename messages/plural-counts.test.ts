import { describe, expect, it } from "vitest";

import { m } from "../src/paraglide/messages.js";

// The counts where plural rules differ most (0, 1, 2, 5, 11, 21, 101), written out in the three
// languages whose rules are hardest: Russian (one/few/many: 21 is "one", 11 is "many"), Arabic (six
// forms: 101 is "other", 11 "many") and French (0 and 1 are both singular).
const COUNTS = [0, 1, 2, 5, 11, 21, 101];

describe("counts in Russian", () => {
  it("uses one for 1 and 21 and 101, few for 2, many for 0, 5 and 11", () => {
    expect(COUNTS.map((count) => m.home_job_count({ count }, { locale: "ru" }))).toEqual([
      "0 вакансий",
      "1 вакансия",
      "2 вакансии",
      "5 вакансий",
      "11 вакансий",
      "21 вакансия",
      "101 вакансия",
    ]);
    expect(COUNTS.map((count) => m.job_card_days({ count }, { locale: "ru" }))).toEqual([
      "0 дней",
      "1 день",
      "2 дня",
      "5 дней",
      "11 дней",
      "21 день",
      "101 день",
    ]);
    expect(COUNTS.map((count) => m.chats_unread({ count }, { locale: "ru" }))).toEqual([
      "0 новых сообщений",
      "1 новое сообщение",
      "2 новых сообщения",
      "5 новых сообщений",
      "11 новых сообщений",
      "21 новое сообщение",
      "101 новое сообщение",
    ]);
  });
});

describe("counts in Arabic", () => {
  it("uses zero, one and two as words, few (3–10) with the plural, many (11–99) and other with the singular", () => {
    expect(COUNTS.map((count) => m.home_job_count({ count }, { locale: "ar" }))).toEqual([
      "لا توجد وظائف",
      "وظيفة واحدة",
      "وظيفتان",
      "5 وظائف",
      "11 وظيفة",
      "21 وظيفة",
      "101 وظيفة",
    ]);
    expect(COUNTS.map((count) => m.rating_review_count({ count }, { locale: "ar" }))).toEqual([
      "لا توجد تقييمات",
      "تقييم واحد",
      "تقييمان",
      "5 تقييمات",
      "11 تقييمًا",
      "21 تقييمًا",
      "101 تقييم",
    ]);
    expect(COUNTS.map((count) => m.job_card_days({ count }, { locale: "ar" })).slice(1)).toEqual([
      "يوم واحد",
      "يومان",
      "5 أيام",
      "11 يومًا",
      "21 يومًا",
      "101 يوم",
    ]);
  });

  it("names the open positions in the form their number takes", () => {
    const capacity = ([accepted, max]: [number, number]) => m.applications_capacity({ accepted, max }, { locale: "ar" });
    expect(
      (
        [
          [0, 1],
          [1, 2],
          [2, 5],
          [5, 11],
          [11, 21],
          [21, 101],
        ] as [number, number][]
      ).map(capacity),
    ).toEqual([
      "تم شغل 0 من شاغر واحد",
      "تم شغل 1 من شاغرَين",
      "تم شغل 2 من 5 شواغر",
      "تم شغل 5 من 11 شاغرًا",
      "تم شغل 11 من 21 شاغرًا",
      "تم شغل 21 من 101 شاغر",
    ]);
  });
});

describe("counts in French", () => {
  it("keeps 0 and 1 singular and everything from 2 plural", () => {
    expect(COUNTS.map((count) => m.home_job_count({ count }, { locale: "fr" }))).toEqual([
      "0 mission",
      "1 mission",
      "2 missions",
      "5 missions",
      "11 missions",
      "21 missions",
      "101 missions",
    ]);
    expect(COUNTS.map((count) => m.chats_unread({ count }, { locale: "fr" }))).toEqual([
      "0 nouveau message",
      "1 nouveau message",
      "2 nouveaux messages",
      "5 nouveaux messages",
      "11 nouveaux messages",
      "21 nouveaux messages",
      "101 nouveaux messages",
    ]);
  });

  it("agrees “poste pourvu” with the number filled, not with the total", () => {
    expect(COUNTS.map((accepted) => m.applications_capacity({ accepted, max: 101 }, { locale: "fr" }))).toEqual([
      "0 poste pourvu sur 101",
      "1 poste pourvu sur 101",
      "2 postes pourvus sur 101",
      "5 postes pourvus sur 101",
      "11 postes pourvus sur 101",
      "21 postes pourvus sur 101",
      "101 postes pourvus sur 101",
    ]);
  });
});

describe("the total positions in other languages", () => {
  it("is singular for one position where the language says so", () => {
    expect(m.applications_capacity({ accepted: 1, max: 1 }, { locale: "en" })).toBe("1 of 1 position filled");
    expect(m.applications_capacity({ accepted: 1, max: 2 }, { locale: "en" })).toBe("1 of 2 positions filled");
    expect(m.applications_capacity({ accepted: 0, max: 1 }, { locale: "de" })).toBe("0 von 1 Platz besetzt");
    expect(m.applications_capacity({ accepted: 1, max: 3 }, { locale: "es" })).toBe("1 de 3 plazas cubiertas");
    expect(m.applications_capacity({ accepted: 2, max: 5 }, { locale: "ru" })).toBe("Занято мест: 2 из 5");
    expect(m.applications_capacity({ accepted: 2, max: 5 }, { locale: "kk" })).toBe("5 орынның 2 орны толды");
  });
});

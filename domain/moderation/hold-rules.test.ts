import { describe, expect, it } from "vitest";

import {
  asksForPayment,
  containsLink,
  EDIT_RULES,
  firedHoldRules,
  mentionsContactDetails,
  newAccount,
  postingBurst,
  rateOutOfRange,
  type PostToCheck,
} from "./hold-rules.ts";

const text = (description: string, title = "Грузчики на склад") => ({ title, description });
const now = new Date("2030-03-10T12:00:00Z");
const post = (over: Partial<PostToCheck> = {}): PostToCheck => ({
  title: "Грузчики на склад",
  description: "Разгрузка фур на складе, смена 8 часов, обед за счет компании.",
  hourlyRate: 450,
  currency: "RUB",
  accountCreatedAt: new Date("2030-01-01T00:00:00Z"),
  recentPosts: 0,
  now,
  ...over,
});

describe("contact details", () => {
  it.each([
    "Звоните 8 (999) 123-45-67, спросить Ивана",
    "Тел. +7 701 555 12 34",
    "Пишите 89991234567",
    "Call +44 7700 900123 for details",
    "Call (555) 123-4567 today",
    "Узбекистан: +998 90 123 45 67",
    "Пишите на почту rabota.sklad@mail.ru",
    "Send your CV to jobs@example.com",
    "Подробности в телеграм",
    "Пишите в телегу, там быстрее",
    "Контакты в ватсап",
    "Write me on WhatsApp",
    "Есть вайбер и телеграмм",
    "Telegram: @fast_money_job",
    "Ответ в @rabota_msk",
    "t.me/rabota_bot",
    "wa.me/79991234567",
    "Пишите в лс",
  ])("fire on %s", (description) => {
    expect(mentionsContactDetails(text(description))).toBe(true);
  });

  it.each([
    "Разгрузка фур на складе, смена с 9:00 до 18:00, обед за счет компании.",
    "Оплата 250 000 - 300 000 сум за смену, выплата в конце дня.",
    "Работа 12.05.2030 - 15.05.2030, сбор в 08:30.",
    "We need 3 movers on 2030-05-12, 8 hours a day, lunch provided.",
    "Pay 25 000 - 40 000 per shift",
    "Оплата 2000 тг в час, 6 человек",
    "Contact the employer through the chat on Daywork.",
  ])("do not fire on %s", (description) => {
    expect(mentionsContactDetails(text(description))).toBe(false);
  });
});

describe("links", () => {
  it.each([
    "Анкета тут: https://forms.gle/abc",
    "Заполните заявку на www.rabota-top.ru",
    "Подробнее на сайте rabota-sklad.ru",
    "Apply at bit.ly/quick-cash",
    "Visit easyjobs.online for the form",
  ])("fire on %s", (description) => {
    expect(containsLink(text(description))).toBe(true);
  });

  it.each([
    "Уборка, мытье окон и т.д. Инвентарь выдаем.",
    "Moving boxes, furniture etc. No experience needed.",
    "Смена 8 ч. Оплата 500 р. в час.",
    "Пишите на почту rabota.sklad@mail.ru",
  ])("do not fire on %s", (description) => {
    expect(containsLink(text(description))).toBe(false);
  });
});

describe("payment requests", () => {
  it.each([
    "Перед выходом нужен залог 2000 рублей за инструмент",
    "Вступительный взнос 1500 р.",
    "Предоплата за пропуск 500 рублей",
    "Берем 1000 рублей за оформление",
    "Оплата обучения 3000, потом высокая зарплата",
    "Нужно оплатить медкнижку у нас",
    "Платное обучение, 3 дня",
    "Перед первой сменой нужно купить форму у нас (2500 р.)",
    "Приобретите спецодежду в офисе",
    "Переведите 500 рублей на карту для брони места",
    "No experience needed, deposit of $50 required",
    "A refundable deposit of £30 secures your place",
    "Registration fee: $25, paid on the first day",
    "You must pay for your own training ($99)",
    "Buy your uniform from us before starting",
    "Small upfront payment for the starter kit",
    "Pay in advance for the background check",
  ])("fire on %s", (description) => {
    expect(asksForPayment(text(description))).toBe(true);
  });

  it.each([
    "No deposit needed, pay at the end of each day",
    "Without any deposit. Free uniform.",
    "Deposit not required.",
    "Wages paid by direct deposit every Friday",
    "Paid training: we pay you from the first hour",
    "Free uniform and lunch",
    "Залог не нужен, оплата в конце дня",
    "Без залога и без вложений",
    "Никаких вложений, работа сразу",
    "Обучение бесплатное, форму выдаем",
    "Бесплатное обучение на месте",
    "Оплачиваемое обучение, первая смена оплачивается полностью",
    "Оплата обучения за счет работодателя",
    "Официальное трудоустройство, расчет наличными каждый день",
  ])("do not fire on %s", (description) => {
    expect(asksForPayment(text(description))).toBe(false);
  });
});

describe("rates far outside the currency's brackets", () => {
  it("fire above five times the upper edge or below a fifth of the lower", () => {
    // RUB edges 300 and 500: more than 2 500 or less than 60 an hour.
    expect(rateOutOfRange({ hourlyRate: 5000, currency: "RUB" })).toBe(true);
    expect(rateOutOfRange({ hourlyRate: 50, currency: "RUB" })).toBe(true);
    expect(rateOutOfRange({ hourlyRate: 200, currency: "USD" })).toBe(true);
    expect(rateOutOfRange({ hourlyRate: 1_000_000, currency: "UZS" })).toBe(true);
  });

  it("do not fire on ordinary, high-but-plausible or missing rates", () => {
    expect(rateOutOfRange({ hourlyRate: 450, currency: "RUB" })).toBe(false);
    expect(rateOutOfRange({ hourlyRate: 2500, currency: "RUB" })).toBe(false);
    expect(rateOutOfRange({ hourlyRate: 60, currency: "RUB" })).toBe(false);
    expect(rateOutOfRange({ hourlyRate: 18, currency: "USD" })).toBe(false);
    expect(rateOutOfRange({ hourlyRate: 30_000, currency: "UZS" })).toBe(false);
    expect(rateOutOfRange({ hourlyRate: null, currency: "RUB" })).toBe(false);
  });
});

describe("how and by whom a post is made", () => {
  it("a sixth post within the hour is a burst; a fifth is not", () => {
    expect(postingBurst({ recentPosts: 4 })).toBe(false);
    expect(postingBurst({ recentPosts: 5 })).toBe(true);
  });

  it("an account younger than a day is new", () => {
    expect(newAccount({ accountCreatedAt: new Date("2030-03-10T00:00:00Z"), now })).toBe(true);
    expect(newAccount({ accountCreatedAt: new Date("2030-03-09T11:59:59Z"), now })).toBe(false);
  });
});

describe("firedHoldRules", () => {
  it("read the district and skills too", () => {
    expect(firedHoldRules(post({ district: "Склад у метро, тел. 8 999 123 45 67" }))).toEqual(["contact_details"]);
    expect(firedHoldRules(post({ skills: ["telegram @sklad_boss"] }))).toEqual(["contact_details"]);
  });

  it("names nothing for an ordinary post", () => {
    expect(firedHoldRules(post())).toEqual([]);
    expect(
      firedHoldRules(
        post({
          title: "Movers for a flat move",
          description: "Two movers for 6 hours, no deposit needed.",
          currency: "GBP",
          hourlyRate: 16,
        }),
      ),
    ).toEqual([]);
  });

  it("names every rule a post trips, in a fixed order", () => {
    const scam = post({
      description: "Залог 2000 р. Пишите в телеграм @easy_money или на сайт easy-money.ru",
      hourlyRate: 9000,
      recentPosts: 7,
      accountCreatedAt: new Date("2030-03-10T10:00:00Z"),
    });
    expect(firedHoldRules(scam)).toEqual([
      "contact_details",
      "link",
      "payment_request",
      "rate_out_of_range",
      "posting_burst",
      "new_account",
    ]);
    expect(firedHoldRules(scam, EDIT_RULES)).toEqual(["contact_details", "link", "payment_request", "rate_out_of_range"]);
  });
});

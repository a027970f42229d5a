import { describe, expect, it } from "vitest";

import { dateTimeFormat, numberFormat, pluralRules } from "./intl-locale.ts";

describe("Intl's formatters, made once", () => {
  it("hands back the same formatter for the same locale and options, and another for others", () => {
    const money = { style: "currency", currency: "RUB", currencyDisplay: "narrowSymbol" } as const;
    expect(numberFormat("ru", money)).toBe(numberFormat("ru", { ...money }));
    expect(numberFormat("ru", money)).not.toBe(numberFormat("en", money));
    expect(numberFormat("ru", money)).not.toBe(numberFormat("ru", { ...money, currency: "EUR" }));
    expect(dateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" })).not.toBe(
      dateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }),
    );
    expect(pluralRules("ru")).toBe(pluralRules("ru", {}));
    expect(pluralRules("ru")).not.toBe(pluralRules("ru", { type: "ordinal" }));
    // A number's formatter, a date's and plural rules never stand in for each other, whatever their options.
    expect(numberFormat("en", {})).not.toBe(dateTimeFormat("en", {}) as unknown);
    expect(numberFormat("en", {})).not.toBe(pluralRules("en", {}) as unknown);
  });

  it("writes what a formatter made for the call would", () => {
    const day = new Date(Date.UTC(2026, 10, 24));
    for (const locale of ["ru", "en", "ar", "de"]) {
      const options = { dateStyle: "long", timeZone: "Asia/Tashkent" } as const;
      expect(dateTimeFormat(locale, options).format(day)).toBe(new Intl.DateTimeFormat(locale, options).format(day));
      expect([1, 2, 5, 21].map((n) => pluralRules(locale).select(n))).toEqual(
        [1, 2, 5, 21].map((n) => new Intl.PluralRules(locale).select(n)),
      );
      expect(numberFormat(locale, { maximumFractionDigits: 1 }).format(1500.55)).toBe(
        new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(1500.55),
      );
    }
  });

  it("stays small: a run of distinct options empties it rather than growing it without end", () => {
    const first = numberFormat("en", { minimumIntegerDigits: 1 });
    for (let i = 0; i < 600; i++) {
      const options = {
        minimumIntegerDigits: (i % 21) + 1,
        maximumFractionDigits: Math.floor(i / 21) % 21,
        useGrouping: i < 441,
      };
      numberFormat("en", options);
    }
    expect(numberFormat("en", { minimumIntegerDigits: 1 })).not.toBe(first);
  });
});

import { describe, expect, it } from "vitest";

import { COUNTRY_CODES, defaultCurrencyFor } from "./countries.ts";
import { currencySymbol, JOB_CURRENCIES, PROFILE_CURRENCIES } from "./currencies.ts";

describe("currencySymbol", () => {
  it.each([
    ["RUB", "en", "₽"],
    ["KZT", "ru", "₸"],
    ["EUR", "de", "€"],
    ["USD", "en", "$"],
    ["GBP", "fr", "£"],
  ])("writes %s in %s as %s", (code, locale, symbol) => {
    expect(currencySymbol(code, locale)).toBe(symbol);
  });

  it("never shows another currency's symbol: a code without one, or not a currency, stays a code", () => {
    expect(currencySymbol("UZS", "en")).toBe("UZS");
    expect(currencySymbol("XYZ")).toBe("XYZ");
    expect(currencySymbol("not a code")).toBe("not a code");
    expect(currencySymbol(null)).toBe("");
  });

  it("has something to show for every currency a job or a reader may use", () => {
    for (const code of new Set([...JOB_CURRENCIES, ...PROFILE_CURRENCIES])) expect(currencySymbol(code)).not.toBe("");
  });
});

describe("defaultCurrencyFor", () => {
  it("gives each country we serve its own currency", () => {
    expect(Object.fromEntries(COUNTRY_CODES.map((c) => [c, defaultCurrencyFor(c)]))).toEqual({
      RU: "RUB",
      KZ: "KZT",
      UZ: "UZS",
      TM: "TMT",
      DE: "EUR",
      FR: "EUR",
      ES: "EUR",
    });
  });

  it("has none for a country we do not serve, or no country", () => {
    expect(defaultCurrencyFor("US")).toBeNull();
    expect(defaultCurrencyFor("")).toBeNull();
    expect(defaultCurrencyFor(undefined)).toBeNull();
  });
});

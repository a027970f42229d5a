import { describe, expect, it } from "vitest";

import type { ProfileCurrency } from "./currencies.ts";
import type { PriceFilterKey } from "./job-filter-choices.ts";
import { LANGUAGE_CODES } from "./languages.ts";
import {
  convert,
  defaultReaderCurrency,
  LANGUAGE_CURRENCY,
  priceFilterIn,
  ratesAreStale,
  readerCurrency,
  type ExchangeRates,
} from "./money.ts";

// Round rates (roubles per unit): 1 USD = 80 RUB, 1 EUR = 100 RUB, 100 KZT = 16 RUB; GBP has none.
const RATES: ExchangeRates = { base: "RUB", asOf: "2025-11-21", perUnit: { USD: 80, EUR: 100, KZT: 0.16 } };

describe("priceFilterIn: a job's bracket in the reader's currency", () => {
  it.each<[number | null, string, ProfileCurrency, PriceFilterKey | null]>([
    // Each reader's own edges (docs/decisions/049): 15 and 25 dollars, 300 and 500 roubles, 1,500 and 2,500 tenge.
    [15, "USD", "USD", "mid"],
    [14.99, "USD", "USD", "low"],
    [25, "USD", "USD", "high"],
    [450, "RUB", "RUB", "mid"],
    [610, "RUB", "RUB", "high"],
    [299.99, "RUB", "RUB", "low"],
    // Converted: 1,200 ₽ and 7,500 ₸ are exactly 15 $, 12 € too; 1,199.99 ₽ is just under.
    [1200, "RUB", "USD", "mid"],
    [1199.99, "RUB", "USD", "low"],
    [7500, "KZT", "USD", "mid"],
    [12500, "KZT", "USD", "high"],
    [12, "EUR", "USD", "mid"],
    // Read in roubles: 5 $ is 400 ₽ (mid), 3.75 $ exactly 300 ₽; 3 € is 300 ₽; 3,125 ₸ is 500 ₽.
    [5, "USD", "RUB", "mid"],
    [3.75, "USD", "RUB", "mid"],
    [3.74, "USD", "RUB", "low"],
    [3, "EUR", "RUB", "mid"],
    [3125, "KZT", "RUB", "high"],
    // Read in tenge: 450 ₽ is 2,812.50 ₸ (high), 300 ₽ is 1,875 ₸ (mid), 200 ₽ 1,250 ₸ (low).
    [450, "RUB", "KZT", "high"],
    [300, "RUB", "KZT", "mid"],
    [200, "RUB", "KZT", "low"],
    // Read in euros: 1,500 ₽ is exactly 15 €, 2,500 ₽ 25 €.
    [1499.99, "RUB", "EUR", "low"],
    [1500, "RUB", "EUR", "mid"],
    [2500, "RUB", "EUR", "high"],
    // No rate is negotiable; a currency without an exchange rate is in no bracket, on either side.
    [null, "RUB", "USD", "negotiable"],
    [20, "GBP", "USD", null],
    [20, "USD", "GBP", null],
  ])("%s %s read in %s: %s", (rate, currency, reader, bucket) => {
    expect(priceFilterIn(rate, currency, reader, RATES)).toBe(bucket);
  });

  it("splits Moscow's day jobs (450-610 ₽ an hour) for a reader in roubles, and sums in som for one in UZS", () => {
    const moscow = [450, 480, 520, 610].map((rate) => priceFilterIn(rate, "RUB", "RUB", RATES));
    expect(moscow).toEqual(["mid", "mid", "high", "high"]);
    // 1 UZS = 0.0064 RUB here: 30,000 soʻm is 192 ₽; read in soʻm it is "mid" (25,000 to under 40,000).
    const withSom: ExchangeRates = { ...RATES, perUnit: { ...RATES.perUnit, UZS: 0.0064 } };
    expect(priceFilterIn(30_000, "UZS", "UZS", withSom)).toBe("mid");
    expect(priceFilterIn(192, "RUB", "UZS", withSom)).toBe("mid");
    expect(priceFilterIn(300, "RUB", "UZS", withSom)).toBe("high");
  });
});

describe("convert", () => {
  it("goes through the base currency and rounds to cents", () => {
    expect(convert(450, "RUB", "USD", RATES)).toBe(5.63);
    expect(convert(1000, "KZT", "EUR", RATES)).toBe(1.6);
    expect(convert(7, "USD", "USD", RATES)).toBe(7);
    expect(convert(7, "GBP", "USD", RATES)).toBeNull();
  });
});

describe("readerCurrency", () => {
  it("is a member's preferred currency, whatever the interface language", () => {
    expect(readerCurrency("KZT", "en")).toBe("KZT");
    expect(readerCurrency("JPY", "ru")).toBe("JPY");
  });

  it.each([
    ["ru", "RUB"],
    ["kk", "KZT"],
    ["uz", "UZS"],
    ["tk", "TMT"],
    ["de", "EUR"],
    ["fr", "EUR"],
    ["es", "EUR"],
    ["en", "USD"],
    ["ar", "USD"],
  ] as const)("follows the language %s for a visitor: %s", (language, currency) => {
    expect(readerCurrency(null, language)).toBe(currency);
  });

  it("takes the country before the language (a new account's city)", () => {
    expect(defaultReaderCurrency("KZ", "en")).toBe("KZT");
    expect(defaultReaderCurrency("RU", "en")).toBe("RUB");
    expect(defaultReaderCurrency("DE", "ru")).toBe("EUR");
    expect(defaultReaderCurrency(null, "ru")).toBe("RUB");
  });

  it("never gives a CIS language the dollar", () => {
    for (const language of ["ru", "kk", "uz", "tk"] as const) expect(defaultReaderCurrency(null, language)).not.toBe("USD");
  });

  it("ignores a stored currency a reader may not choose (an older row), and covers every language", () => {
    expect(readerCurrency("XDR", "de")).toBe("EUR");
    for (const language of LANGUAGE_CODES) expect(LANGUAGE_CURRENCY[language]).toBeTruthy();
  });
});

describe("ratesAreStale", () => {
  it("calls rates out of date after a week without a new one", () => {
    expect(ratesAreStale("2026-12-01", "2026-12-08")).toBe(false);
    expect(ratesAreStale("2026-12-01", "2026-12-09")).toBe(true);
    expect(ratesAreStale("2025-11-20", "2026-12-07")).toBe(true);
    expect(ratesAreStale("2026-12-07", "2026-12-07")).toBe(false);
    expect(ratesAreStale(null, "2026-12-07")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";

import type { PriceFilterKey } from "./job-filter-choices.ts";
import { LANGUAGE_CODES } from "./languages.ts";
import { convert, LANGUAGE_CURRENCY, priceFilterIn, readerCurrency, type ExchangeRates } from "./money.ts";

// Round rates (roubles per unit): 1 USD = 80 RUB, 1 EUR = 100 RUB, 100 KZT = 16 RUB; GBP has none.
const RATES: ExchangeRates = { base: "RUB", asOf: "2025-11-21", perUnit: { USD: 80, EUR: 100, KZT: 0.16 } };

describe("priceFilterIn: a job's bucket in the reader's currency", () => {
  it.each<[number | null, string, string, PriceFilterKey | null]>([
    // Edges in the reader's currency: 15 is in "15-25", 14.99 below it, 25 in "25-plus".
    [15, "USD", "USD", "15-25"],
    [14.99, "USD", "USD", "under-15"],
    [24.99, "USD", "USD", "15-25"],
    [25, "USD", "USD", "25-plus"],
    // Converted: 1,200 ₽ and 7,500 ₸ are exactly 15 $, 12 € too; 1,199.99 ₽ is just under.
    [1200, "RUB", "USD", "15-25"],
    [1199.99, "RUB", "USD", "under-15"],
    [7500, "KZT", "USD", "15-25"],
    [12500, "KZT", "USD", "25-plus"],
    [12, "EUR", "USD", "15-25"],
    // Read in tenge, 7,500 ₸ is 25 ₸ or more; read in roubles, 15 $ is 1,200 ₽.
    [7500, "KZT", "KZT", "25-plus"],
    [15, "USD", "RUB", "25-plus"],
    [0.1, "USD", "RUB", "under-15"],
    // No rate is negotiable; a currency without an exchange rate is in no bucket, on either side.
    [null, "RUB", "USD", "negotiable"],
    [20, "GBP", "USD", null],
    [20, "USD", "GBP", null],
  ])("%s %s read in %s: %s", (rate, currency, reader, bucket) => {
    expect(priceFilterIn(rate, currency, reader, RATES)).toBe(bucket);
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

  it("ignores a stored currency a reader may not choose (an older row), and covers every language", () => {
    expect(readerCurrency("XDR", "de")).toBe("EUR");
    for (const language of LANGUAGE_CODES) expect(LANGUAGE_CURRENCY[language]).toBeTruthy();
  });
});

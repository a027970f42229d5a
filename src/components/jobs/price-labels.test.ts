import { afterEach, describe, expect, it } from "vitest";

import type { ProfileCurrency } from "../../../domain/currencies.ts";
import type { PriceFilterKey } from "../../../domain/job-filter-choices.ts";
import type { LanguageCode } from "../../../domain/languages.ts";
import { baseLocale, overwriteGetLocale } from "../../paraglide/runtime.js";
import { filterChoiceLabels } from "./job-filters-bar.tsx";

const readIn = (locale: LanguageCode) => overwriteGetLocale(() => locale);
// ICU separates amounts and symbols with no-break spaces; compare with plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
const priceLabel = (price: PriceFilterKey, currency: ProfileCurrency) =>
  plain(filterChoiceLabels({ price }, undefined, currency).find((l) => l.key === "price")?.label ?? "");

afterEach(() => overwriteGetLocale(() => baseLocale));

// The brackets' edges are the reader's currency's own (docs/decisions/049), written their language's way.
describe("price filter labels", () => {
  it("name each currency's own edges", () => {
    readIn("en");
    expect(priceLabel("low", "USD")).toBe("Under $15 per hour");
    expect(priceLabel("mid", "EUR")).toBe("€15 to under €25 per hour");
    expect(priceLabel("high", "KZT")).toBe("₸2,500 and over per hour");
    expect(priceLabel("mid", "UZS")).toBe("UZS 25,000 to under UZS 40,000 per hour");
    expect(priceLabel("negotiable", "USD")).toBe("Negotiable");
    readIn("ru");
    expect(priceLabel("low", "RUB")).toBe("Менее 300 ₽ в час");
    expect(priceLabel("mid", "RUB")).toBe("От 300 ₽ до 500 ₽ в час");
    expect(priceLabel("high", "RUB")).toBe("500 ₽ и более в час");
    expect(priceLabel("mid", "KZT")).toBe("От 1 500 ₸ до 2 500 ₸ в час");
    expect(priceLabel("low", "UZS")).toBe("Менее 25 000 UZS в час");
    expect(priceLabel("high", "EUR")).toBe("25 € и более в час");
    readIn("de");
    expect(priceLabel("mid", "EUR")).toBe("15 € bis unter 25 € pro Stunde");
  });
});

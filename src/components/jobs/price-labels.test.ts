import { afterEach, describe, expect, it } from "vitest";

import type { LanguageCode } from "../../../domain/languages.ts";
import { baseLocale, overwriteGetLocale } from "../../paraglide/runtime.js";
import { filterChoiceLabels } from "./job-filters-bar.tsx";

const readIn = (locale: LanguageCode) => overwriteGetLocale(() => locale);
// ICU separates amounts and symbols with no-break spaces; compare with plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
const priceLabel = (price: "under-15" | "15-25" | "25-plus" | "negotiable", currency: string) =>
  plain(filterChoiceLabels({ price }, undefined, currency).find((l) => l.key === "price")?.label ?? "");

afterEach(() => overwriteGetLocale(() => baseLocale));

// The buckets' limits are amounts in the reader's currency (docs/decisions/022), written their language's way.
describe("price filter labels", () => {
  it("name the limits in the reader's currency", () => {
    readIn("en");
    expect(priceLabel("under-15", "USD")).toBe("Under $15 per hour");
    expect(priceLabel("15-25", "EUR")).toBe("€15 to under €25 per hour");
    expect(priceLabel("25-plus", "KZT")).toBe("₸25 and over per hour");
    expect(priceLabel("negotiable", "USD")).toBe("Negotiable");
    readIn("ru");
    expect(priceLabel("under-15", "RUB")).toBe("Менее 15 ₽ в час");
    expect(priceLabel("15-25", "USD")).toBe("От 15 $ до 25 $ в час");
  });
});

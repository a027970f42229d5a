import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CITY } from "../../db/factories/places.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const suggest = async (q: string, language: string, country?: "UZ" | "RU" | "KZ") =>
  (await (await t.callerWithHeaders({ "x-locale": language })).places.cities({ q, country })).map((c) => c.name);

describe("city autocomplete", () => {
  it.each([
    ["Таш", "ru", "Ташкент"],
    ["tashk", "en", "Tashkent"],
    ["Toshkent", "uz", "Toshkent"],
    ["каз", "ru", "Казань"],
    ["Kasan", "de", "Kasan"],
    ["Sankt", "de", "Sankt Petersburg"],
    // A typo still finds the city (trigrams).
    ["Tashkient", "en", "Tashkent"],
  ])("'%s' (%s) suggests %s first", async (q, language, first) => {
    expect((await suggest(q, language))[0]).toBe(first);
  });

  it("keeps to one country when asked, larger cities first, at most 8", async () => {
    const names = await suggest("a", "en", "UZ");
    expect(names.length).toBeLessThanOrEqual(8);
    const all = await (await t.callerWithHeaders({})).places.cities({ q: "a", country: "UZ" });
    expect(all.every((c) => c.country === "UZ")).toBe(true);
  });

  it("answers nothing for blank text and names one city by id in the reader's language", async () => {
    expect(await suggest("   ", "en")).toEqual([]);
    const caller = await t.callerWithHeaders({ "x-locale": "ar" });
    expect(await caller.places.city({ cityId: CITY.tashkent })).toMatchObject({ name: "طشقند", country: "UZ" });
  });
});

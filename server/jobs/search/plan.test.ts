import { describe, expect, it } from "vitest";

import { planSearch } from "./plan.ts";

const cursor = { at: "2026-11-25T10:00:00.000000Z", id: "00000000-0000-4000-8000-000000000001" };

describe("the read strategy of a search, without a database", () => {
  it("reads the plain list from its prepared statements, a first page or a later one", () => {
    expect(planSearch({})).toEqual({ kind: "home-list", cursor: null });
    expect(planSearch({ q: "   ", cursor })).toEqual({ kind: "home-list", cursor });
    // The reader's currency alone filters nothing.
    expect(planSearch({ currency: "EUR" })).toEqual({ kind: "home-list", cursor: null });
  });

  it("reads a page of another size by the filters' conditions", () => {
    expect(planSearch({}, 50)).toEqual({ kind: "newest" });
  });

  it("ranks a text, correcting it only on a first page, and asks of the text alone when it is narrowed", () => {
    expect(planSearch({ q: " Loader " })).toEqual({
      kind: "ranked",
      q: "Loader",
      mayCorrect: true,
      corrected: null,
      narrowed: false,
    });
    expect(planSearch({ q: "delivry", cursor: { ...cursor, rank: 0.5, corrected: "delivery" } })).toEqual({
      kind: "ranked",
      q: "delivry",
      mayCorrect: false,
      corrected: "delivery",
      narrowed: false,
    });
    expect(planSearch({ q: "loader", category: "moving" })).toMatchObject({ kind: "ranked", narrowed: true });
    expect(planSearch({ q: "loader", cityId: 1 })).toMatchObject({ kind: "ranked", narrowed: true });
    expect(planSearch({ q: "loader", lat: 1, lng: 2 })).toMatchObject({ kind: "ranked", narrowed: true });
  });

  it("counts a filtered list first, and keeps reading it so while the cursor says few matched", () => {
    for (const filters of [
      { category: "cleaning" },
      { country: "KZ" },
      { price: "mid" },
      { duration: "1" },
      { cityId: 1, km: 15 },
    ] as const) {
      expect(planSearch(filters)).toEqual({ kind: "few-first" });
      expect(planSearch({ ...filters, cursor: { ...cursor, few: true } })).toEqual({ kind: "few-first" });
      expect(planSearch({ ...filters, cursor })).toEqual({ kind: "newest" });
    }
    expect(planSearch({ startDate: "2026-12-01" })).toEqual({ kind: "few-first" });
  });

  it("reads a point without a distance newest first, measuring distances", () => {
    expect(planSearch({ cityId: 1 })).toEqual({ kind: "newest" });
    expect(planSearch({ lat: 41.3, lng: 69.2 })).toEqual({ kind: "newest" });
  });
});

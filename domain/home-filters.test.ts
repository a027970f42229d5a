import { describe, expect, expectTypeOf, it } from "vitest";

import {
  chosenChips,
  HOME_FILTER_KEYS,
  HOME_FILTERS,
  homeFilters,
  homeFilterSearch,
  readHomeFilterSearch,
  withoutChip,
  withoutChips,
  type PlaceholderFilterKey,
} from "./home-filters.ts";
import { jobFiltersSchema } from "./job-filters.ts";
import { normalizeSavedFilters } from "./saved-search-keys.ts";

describe("the list of home filters", () => {
  it("is what the search procedure takes, key for key", () => {
    expect(Object.keys(jobFiltersSchema.shape)).toEqual(HOME_FILTER_KEYS);
  });

  it("says for each filter how the server's search statement takes it", () => {
    const placeholders = HOME_FILTER_KEYS.filter((key) => HOME_FILTERS[key].shape === "placeholder");
    expect(placeholders).toEqual(["q", "category", "startDate", "country", "cityId", "lat", "lng"]);
    // The same as a type, for the server's bound values: a distance (used in arithmetic) is never one.
    expectTypeOf<"km">().not.toExtend<PlaceholderFilterKey>();
    expectTypeOf<"category">().toExtend<PlaceholderFilterKey>();
  });

  it("reads an address, and the keys older links used", () => {
    expect(readHomeFilterSearch({ startDate: "2030-01-31", cityId: 524901, km: 15, price: "under-15" })).toMatchObject({
      startDate: "2030-01-31",
      cityId: 524901,
      km: 15,
      price: "low",
    });
    const old = readHomeFilterSearch({ date: "2030-01-31", city: 524901 });
    expect(old).toMatchObject({ startDate: "2030-01-31", cityId: 524901 });
    // Set, so the app writes the new keys in their place.
    expect(Object.keys(old)).toEqual(expect.arrayContaining(["date", "city"]));
    expect(old.date).toBeUndefined();
    expect(old.city).toBeUndefined();
    // The currency is the reader's, never the address's; a value that does not parse is dropped.
    expect(readHomeFilterSearch({ currency: "EUR", km: 7, startDate: "2023-02-29" })).not.toHaveProperty("currency");
    expect(readHomeFilterSearch({ km: 7, startDate: "2023-02-29" })).toMatchObject({ km: undefined, startDate: undefined });
  });

  it("refuses in the procedure what the address reader drops", () => {
    for (const filters of [{ km: 7 }, { startDate: "2023-02-29" }, { cityId: 0 }, { lat: 91 }, { category: "spying" }]) {
      expect(jobFiltersSchema.safeParse(filters).success).toBe(false);
    }
    expect(jobFiltersSchema.safeParse({ q: "a".repeat(201) }).success).toBe(false);
    expect(jobFiltersSchema.parse({ q: "  cook ", km: 10, cityId: 7 })).toEqual({ q: "cook", km: 10, cityId: 7 });
  });

  it("keeps a filter only where it counts", () => {
    expect(homeFilters({ q: "", currency: "EUR", km: 10, lat: 1 })).toEqual({});
    expect(homeFilters({ price: "negotiable", currency: "EUR" })).toEqual({ price: "negotiable" });
    expect(homeFilters({ price: "mid", currency: "EUR" })).toEqual({ price: "mid", currency: "EUR" });
    expect(homeFilters({ cityId: 7, lat: 1, lng: 2, km: 10 })).toEqual({ cityId: 7, km: 10 });
    expect(homeFilters({ lat: 1, lng: 2, km: 10 })).toEqual({ lat: 1, lng: 2, km: 10 });
    expect(normalizeSavedFilters({ q: " cook\uD800 ", km: 10, price: "high", currency: "RUB" })).toEqual({
      currency: "RUB",
      price: "high",
      q: "cook\uFFFD",
    });
  });

  it("shows chosen filters as chips and takes each back with one click", () => {
    const filters = { startDate: "2030-01-31", category: "moving", lat: 1, lng: 2, km: 10 } as const;
    expect(chosenChips(filters)).toEqual(["category", "date", "place"]);
    expect(withoutChip(filters, "place")).toEqual({ startDate: "2030-01-31", category: "moving" });
    expect(homeFilters(withoutChips({ ...filters, q: "cook" }))).toEqual({ q: "cook" });
  });

  it("opens a saved search at the address with the same keys, the currency left to the reader", () => {
    expect(homeFilterSearch({ q: "cook", price: "mid", currency: "EUR", cityId: 7 })).toEqual({
      q: "cook",
      price: "mid",
      cityId: 7,
    });
  });
});

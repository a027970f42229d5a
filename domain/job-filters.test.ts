import { describe, expect, it } from "vitest";

import { PROFILE_CURRENCIES } from "./currencies.ts";
import { durationFilterOf, PRICE_EDGES, priceFilterOf, priceRangeOf } from "./job-filter-choices.ts";
import { jobFiltersSchema } from "./job-filters.ts";

describe("filter buckets", () => {
  it.each([
    // Edges of their own per currency (docs/decisions/049): the first edge is in "mid", the second in "high".
    ["RUB", 299.99, "low"],
    ["RUB", 300, "mid"],
    ["RUB", 450, "mid"],
    ["RUB", 499.99, "mid"],
    ["RUB", 500, "high"],
    ["RUB", 610, "high"],
    ["KZT", 1499.99, "low"],
    ["KZT", 1500, "mid"],
    ["KZT", 2500, "high"],
    ["UZS", 24_999, "low"],
    ["UZS", 25_000, "mid"],
    ["UZS", 39_999.99, "mid"],
    ["UZS", 40_000, "high"],
    ["EUR", 14.99, "low"],
    ["EUR", 15, "mid"],
    ["EUR", 24.99, "mid"],
    ["EUR", 25, "high"],
    ["USD", 0, "low"],
    ["USD", 10_000, "high"],
    ["RUB", null, "negotiable"],
  ] as const)("a rate of %s %s is in %s", (currency, rate, bucket) => {
    expect(priceFilterOf(rate, currency)).toBe(bucket);
  });

  it("has two rising edges for every currency a reader may read in", () => {
    for (const currency of PROFILE_CURRENCIES) {
      const [low, high] = PRICE_EDGES[currency];
      expect(low).toBeGreaterThan(0);
      expect(high).toBeGreaterThan(low);
    }
    expect(priceRangeOf("low", "UZS")).toEqual({ min: null, below: 25_000 });
    expect(priceRangeOf("mid", "KZT")).toEqual({ min: 1500, below: 2500 });
    expect(priceRangeOf("high", "RUB")).toEqual({ min: 500, below: null });
    expect(priceRangeOf("negotiable", "RUB")).toBeNull();
  });

  it.each([
    [1, "1"],
    [2, "2-3"],
    [3, "2-3"],
    [4, "4-7"],
    [7, "4-7"],
    [8, null],
  ] as const)("%s days is in %s", (days, bucket) => {
    expect(durationFilterOf(days)).toBe(bucket);
  });

  it("accepts known filter values only", () => {
    expect(
      jobFiltersSchema.safeParse({ price: "mid", duration: "4-7", category: "retail", startDate: "2030-01-31" }).success,
    ).toBe(true);
    expect(jobFiltersSchema.safeParse({ price: "cheap" }).success).toBe(false);
    expect(jobFiltersSchema.safeParse({ startDate: "31.01.2030" }).success).toBe(false);
  });

  it("reads the price keys of older links and saved searches as today's brackets", () => {
    expect(jobFiltersSchema.parse({ price: "under-15" }).price).toBe("low");
    expect(jobFiltersSchema.parse({ price: "15-25" }).price).toBe("mid");
    expect(jobFiltersSchema.parse({ price: "25-plus" }).price).toBe("high");
  });
});

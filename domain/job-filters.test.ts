import { describe, expect, it } from "vitest";

import { durationFilterOf, priceFilterOf } from "./job-filter-choices.ts";
import { jobFiltersSchema } from "./job-filters.ts";

describe("filter buckets", () => {
  it.each([
    [0, "under-15"],
    [14.99, "under-15"],
    [15, "15-25"],
    [24.99, "15-25"],
    [25, "25-plus"],
    [10_000, "25-plus"],
    [null, "negotiable"],
  ] as const)("a rate of %s is in %s", (rate, bucket) => {
    expect(priceFilterOf(rate)).toBe(bucket);
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
      jobFiltersSchema.safeParse({ price: "15-25", duration: "4-7", category: "retail", startDate: "2030-01-31" }).success,
    ).toBe(true);
    expect(jobFiltersSchema.safeParse({ price: "cheap" }).success).toBe(false);
    expect(jobFiltersSchema.safeParse({ startDate: "31.01.2030" }).success).toBe(false);
  });
});

import { describe, expect, it } from "vitest";

import { JOB_CURRENCIES } from "./currencies.ts";
import { ERR } from "./errors.ts";
import { jobCreateSchema, jobUpdateSchema } from "./jobs.ts";
import { canPayThroughDaywork, THROUGH_DAYWORK_CURRENCIES, throughDayworkRefusal } from "./pay-mode.ts";

const form = {
  title: "Helper",
  description: "Help at the market stall.",
  category: "retail",
  cityId: 524901,
  startDate: "2099-01-10",
  durationDays: "1",
  hourlyRate: "450",
  currency: "RUB",
  maxWorkers: "1",
  skills: [],
  timeZone: "UTC",
  language: "en",
};

describe("who can be paid through Daywork", () => {
  it("takes a stated rate in RUB, EUR, GBP and USD, and no other currency", () => {
    expect([...THROUGH_DAYWORK_CURRENCIES].sort()).toEqual(["EUR", "GBP", "RUB", "USD"]);
    for (const currency of JOB_CURRENCIES) {
      const expected = (THROUGH_DAYWORK_CURRENCIES as readonly string[]).includes(currency);
      expect(canPayThroughDaywork({ hourlyRate: 450, currency }), currency).toBe(expected);
    }
    expect(throughDayworkRefusal({ hourlyRate: 2000, currency: "KZT" })).toBe(ERR.payModeCurrency);
  });

  it("pays a job with a negotiable rate directly, whatever its currency", () => {
    expect(throughDayworkRefusal({ hourlyRate: null, currency: "RUB" })).toBe(ERR.payModeNeedsRate);
    expect(throughDayworkRefusal({ hourlyRate: null, currency: "UZS" })).toBe(ERR.payModeNeedsRate);
  });
});

describe("the job form's pay mode", () => {
  it("is direct when left unsaid, and through Daywork when asked for a job that can have it", () => {
    expect(jobCreateSchema.parse(form).payMode).toBe("direct");
    expect(jobCreateSchema.parse({ ...form, payMode: "through_daywork" }).payMode).toBe("through_daywork");
    expect(jobCreateSchema.parse({ ...form, hourlyRate: "", payMode: "direct" }).payMode).toBe("direct");
  });

  it("refuses through Daywork on the pay mode field, with the reason, for a negotiable rate or another currency", () => {
    const issues = (input: object) =>
      jobCreateSchema.safeParse({ ...form, ...input }).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues({ hourlyRate: "", payMode: "through_daywork" })).toEqual([["payMode", ERR.payModeNeedsRate]]);
    expect(issues({ currency: "TMT", payMode: "through_daywork" })).toEqual([["payMode", ERR.payModeCurrency]]);
    expect(issues({ payMode: "by_cheque" })).toEqual([["payMode", ERR.badRequest]]);
  });

  it("is judged the same way by the edit form", () => {
    const edit = { ...form, jobId: "0b7c1e9a-2f6d-4c55-9a51-3d8e6f0a1b2c", language: undefined };
    expect(jobUpdateSchema.safeParse({ ...edit, currency: "KZT", payMode: "through_daywork" }).error?.issues[0]?.message).toBe(
      ERR.payModeCurrency,
    );
    expect(jobUpdateSchema.parse({ ...edit, currency: "GBP", payMode: "through_daywork" }).payMode).toBe("through_daywork");
  });
});

import { describe, expect, it } from "vitest";

import { instantAt } from "./attendance.ts";
import { LATE_CANCELLATION_PAY_HOURS, lateCancellationPay } from "./cancellation-pay.ts";
import { compensationKey, compensationOwed, type CancelledHire } from "./late-cancellation.ts";
import { payForMinutes } from "./ledger.ts";
import { LATE_CANCELLATION_HOURS } from "./reliability.ts";

const ZONE = "Asia/Tashkent";
const hire: CancelledHire = {
  startDate: "2030-03-11",
  durationDays: 3,
  startTime: "08:30:00",
  timeZone: ZONE,
  days: null,
  hourlyRate: "450.50",
  currency: "RUB",
};
const at = (date: string, time: string) => instantAt(date, time, ZONE);

describe("what a late cancellation pays", () => {
  it("is 4 hours at the rate, exactly, in minor units: the pay of 240 agreed minutes", () => {
    expect(LATE_CANCELLATION_PAY_HOURS).toBe(4);
    expect(lateCancellationPay("450.50", "RUB")).toBe(180_200n);
    expect(lateCancellationPay("12", "EUR")).toBe(4_800n);
    for (const rate of ["0.01", "333.33", "2000000"]) {
      const minor = lateCancellationPay(rate, "UZS");
      expect(minor).toBe(payForMinutes(LATE_CANCELLATION_PAY_HOURS * 60, BigInt(Math.round(Number(rate) * 100))));
    }
  });

  it("is no figure without a stated rate, or for one that is not a plain decimal", () => {
    expect(lateCancellationPay(null, "RUB")).toBeNull();
    expect(lateCancellationPay("1.005", "RUB")).toBeNull();
    expect(lateCancellationPay("0", "RUB")).toBeNull();
  });
});

describe("when a late cancellation is owed", () => {
  const dayBefore = at("2030-03-10", "08:30");

  it("is owed less than 24 hours before the worker's shift starts, counted from its start time", () => {
    expect(LATE_CANCELLATION_HOURS).toBe(24);
    expect(compensationOwed(hire, dayBefore)).toBeNull();
    expect(compensationOwed(hire, new Date(dayBefore.getTime() + 60_000))).toEqual({
      shiftDate: "2030-03-11",
      amountMinor: 180_200n,
    });
  });

  it("counts from local midnight of the day when the job states no start time", () => {
    const noTime = { ...hire, startTime: null };
    expect(compensationOwed(noTime, at("2030-03-10", "00:00"))).toBeNull();
    expect(compensationOwed(noTime, at("2030-03-10", "00:01"))?.shiftDate).toBe("2030-03-11");
  });

  it("is measured against the worker's own next day: their first one when hired for some days", () => {
    const laterDays = { ...hire, days: ["2030-03-13"] };
    expect(compensationOwed(laterDays, at("2030-03-11", "09:00"))).toBeNull();
    expect(compensationOwed(laterDays, at("2030-03-12", "09:00"))?.shiftDate).toBe("2030-03-13");
  });

  it("on a job under way, the day that has begun or the next; nothing once the worker's days are over", () => {
    expect(compensationOwed(hire, at("2030-03-12", "12:00"))?.shiftDate).toBe("2030-03-12");
    expect(compensationOwed(hire, at("2030-03-14", "09:00"))).toBeNull();
  });

  it("owes hours but no figure on a job without a rate", () => {
    expect(compensationOwed({ ...hire, hourlyRate: null }, at("2030-03-11", "07:00"))).toEqual({
      shiftDate: "2030-03-11",
      amountMinor: null,
    });
  });

  it("is keyed by the application and the day, never by a person", () => {
    expect(compensationKey("a1b2", "2030-03-11")).toBe("compensation:a1b2:2030-03-11");
  });
});

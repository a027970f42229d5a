import { describe, expect, it } from "vitest";

import { payForMinutes, platformFee } from "./ledger.ts";
import { HOLD_ASK_DAYS_BEFORE_LAST_DAY, PLANNED_HOURS_PER_DAY } from "./planned-cost.ts";
import { holdAskDate, plannedShare } from "./planned-pay.ts";

describe("planned pay held before the shift (docs/decisions/079)", () => {
  it("is the rate × 8 hours × the worker's days, and the fee of each day as an agreed day would post it", () => {
    expect(PLANNED_HOURS_PER_DAY).toBe(8);
    // 450.55 an hour: 3,604.40 a day; the fee 360.44 a day.
    expect(plannedShare(45_055n, 3)).toEqual({ pay: 1_081_320n, fee: 108_132n });
    const day = payForMinutes(8 * 60, 33_333n);
    expect(plannedShare(33_333n, 2)).toEqual({ pay: day * 2n, fee: platformFee(day) * 2n });
  });

  it("is asked today unless the last day is more than 6 days away, then 6 days before it", () => {
    expect(HOLD_ASK_DAYS_BEFORE_LAST_DAY).toBe(6);
    expect(holdAskDate("2030-03-17", "2030-03-11")).toBe("2030-03-11");
    expect(holdAskDate("2030-03-18", "2030-03-11")).toBe("2030-03-12");
    expect(holdAskDate("2030-03-30", "2030-03-11")).toBe("2030-03-24");
  });
});

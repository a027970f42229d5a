import { describe, expect, it } from "vitest";

import { instantAt } from "./attendance.ts";
import {
  hoursOfNotice,
  isLateCancellation,
  jobStartsAt,
  LATE_CANCELLATION_HOURS,
  reliabilityReplySchema,
} from "./reliability.ts";

describe("late cancellations", () => {
  it("count from local midnight of the start date in the job's zone, late strictly under the limit", () => {
    expect(jobStartsAt("2030-03-11", "Asia/Tashkent").toISOString()).toBe("2030-03-10T19:00:00.000Z");
    const exactly = instantAt("2030-03-10", "00:00", "Asia/Tashkent");
    expect(LATE_CANCELLATION_HOURS).toBe(24);
    expect(isLateCancellation("2030-03-11", "Asia/Tashkent", exactly)).toBe(false);
    expect(isLateCancellation("2030-03-11", "Asia/Tashkent", new Date(exactly.getTime() + 1000))).toBe(true);
    expect(hoursOfNotice("2030-03-11", "Asia/Tashkent", exactly)).toBe(24);
    expect(hoursOfNotice("2030-03-11", "Asia/Tashkent", new Date(exactly.getTime() + 1000))).toBe(23);
    // After the start: negative notice, still late.
    const after = instantAt("2030-03-11", "10:30", "Asia/Tashkent");
    expect(hoursOfNotice("2030-03-11", "Asia/Tashkent", after)).toBe(-11);
    expect(isLateCancellation("2030-03-11", "Asia/Tashkent", after)).toBe(true);
  });

  it("count from the shift's start time when the job states one", () => {
    expect(jobStartsAt("2030-03-11", "Asia/Tashkent", "08:30:00").toISOString()).toBe("2030-03-11T03:30:00.000Z");
    const dayBefore = instantAt("2030-03-10", "08:30", "Asia/Tashkent");
    expect(isLateCancellation("2030-03-11", "Asia/Tashkent", dayBefore, "08:30")).toBe(false);
    expect(isLateCancellation("2030-03-11", "Asia/Tashkent", new Date(dayBefore.getTime() + 60_000), "08:30")).toBe(true);
    // At local midnight of the start date: 8 hours of notice, not zero.
    expect(hoursOfNotice("2030-03-11", "Asia/Tashkent", jobStartsAt("2030-03-11", "Asia/Tashkent"), "08:30")).toBe(8);
  });
});

describe("reliabilityReplySchema", () => {
  const id = "0b6f4c0e-7d2a-4b8e-9a57-2f7f6a1c3d11";
  it("trims, turns blank into null and refuses control characters and over-long text", () => {
    expect(reliabilityReplySchema.parse({ id, reply: "  Sorry, the bus broke down.  " }).reply).toBe(
      "Sorry, the bus broke down.",
    );
    expect(reliabilityReplySchema.parse({ id, reply: "   " }).reply).toBeNull();
    expect(reliabilityReplySchema.safeParse({ id, reply: "a\u0000b" }).success).toBe(false);
    expect(reliabilityReplySchema.safeParse({ id, reply: "x".repeat(501) }).error?.issues[0]?.message).toBe(
      "error_reliability_reply_too_long",
    );
  });
});

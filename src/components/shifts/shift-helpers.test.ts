import { describe, expect, it } from "vitest";

import {
  hoursToMinutes,
  minutesToHours,
  ownerCanApprove,
  ownerCanEdit,
  secondsUntil,
  typedCode,
  workerCanAnswer,
} from "./shift-helpers.ts";

describe("shift helpers", () => {
  it("counts down whole seconds to the rotation, never below zero", () => {
    const at = new Date("2026-01-01T10:00:30Z");
    expect(secondsUntil(at, Date.parse("2026-01-01T10:00:00Z"))).toBe(30);
    expect(secondsUntil(at.toISOString(), Date.parse("2026-01-01T10:00:29.200Z"))).toBe(1);
    expect(secondsUntil(at, Date.parse("2026-01-01T10:01:00Z"))).toBe(0);
  });

  it("turns minutes into hours and typed hours into minutes", () => {
    expect(minutesToHours(450)).toBe(7.5);
    expect(minutesToHours(100)).toBe(1.67);
    expect(hoursToMinutes("7,5")).toBe(450);
    expect(hoursToMinutes(" 8 ")).toBe(480);
    expect(hoursToMinutes("")).toBeNull();
    expect(hoursToMinutes("25")).toBeNull();
    expect(hoursToMinutes("abc")).toBeNull();
  });

  it("reads six digits, spaces allowed", () => {
    expect(typedCode("123 456")).toBe("123456");
    expect(typedCode("12345")).toBeNull();
    expect(typedCode("12a456")).toBeNull();
  });

  it("says who may move a timesheet in each status", () => {
    expect(ownerCanApprove("pending_employer")).toBe(true);
    expect(ownerCanApprove("approved")).toBe(false);
    expect(ownerCanEdit("edited")).toBe(true);
    expect(ownerCanEdit("accepted")).toBe(false);
    expect(workerCanAnswer("approved")).toBe(true);
    expect(workerCanAnswer("pending_employer")).toBe(false);
    expect(workerCanAnswer("resolved")).toBe(false);
  });
});

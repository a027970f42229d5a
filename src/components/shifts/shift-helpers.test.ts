import { describe, expect, it } from "vitest";

import {
  hoursToMinutes,
  minutesToClock,
  ownerCanApprove,
  ownerCanEdit,
  secondsUntil,
  serverClockOffset,
  shiftDay,
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

  it("follows the server's clock, not the device's", () => {
    // The server answered at 10:00:00; this phone's clock read 10:07:00 when the answer arrived.
    const offset = serverClockOffset("2026-01-01T10:00:00Z", Date.parse("2026-01-01T10:07:00Z"));
    expect(offset).toBe(-7 * 60_000);
    const rotatesAt = new Date("2026-01-01T10:00:30Z");
    const deviceNow = Date.parse("2026-01-01T10:07:10Z");
    // By the device alone the code would look expired (0 s left); by the server's clock 20 s are left.
    expect(secondsUntil(rotatesAt, deviceNow)).toBe(0);
    expect(secondsUntil(rotatesAt, deviceNow + offset)).toBe(20);
    expect(serverClockOffset(new Date("2026-01-01T10:00:05Z"), Date.parse("2026-01-01T10:00:00Z"))).toBe(5000);
  });

  it("shows hours as h:mm, never as a decimal", () => {
    expect(minutesToClock(505)).toBe("8:25");
    expect(minutesToClock(450)).toBe("7:30");
    expect(minutesToClock(480)).toBe("8:00");
    expect(minutesToClock(45)).toBe("0:45");
    expect(minutesToClock(0)).toBe("0:00");
    expect(minutesToClock(1440)).toBe("24:00");
  });

  it("reads typed hours as h:mm or as a decimal", () => {
    expect(hoursToMinutes("8:25")).toBe(505);
    expect(hoursToMinutes(" 7:05 ")).toBe(425);
    expect(hoursToMinutes("24:00")).toBe(1440);
    expect(hoursToMinutes("24:01")).toBeNull();
    expect(hoursToMinutes("7:60")).toBeNull();
    expect(hoursToMinutes("7:5")).toBeNull();
    expect(hoursToMinutes("7,5")).toBe(450);
    expect(hoursToMinutes("1.5")).toBe(90);
    expect(hoursToMinutes(" 8 ")).toBe(480);
    expect(hoursToMinutes("")).toBeNull();
    expect(hoursToMinutes("25")).toBeNull();
    expect(hoursToMinutes("abc")).toBeNull();
    // What the edit form is filled with reads back as the same minutes.
    expect(hoursToMinutes(minutesToClock(505))).toBe(505);
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

  it("knows a hired worker's shift day and what it asks of them", () => {
    const none = { shift: null, canCheckIn: false, canCheckOut: false, days: [] };
    expect(shiftDay(none)).toBeNull();
    const morning = { shift: { date: "2026-12-01" }, canCheckIn: true, canCheckOut: false, days: [] };
    expect(shiftDay(morning)).toEqual({ date: "2026-12-01", action: "in", record: null });
    const checkedIn = { date: "2026-12-01", presence: "present" as const, checkInLocal: "08:40", checkOutLocal: null };
    const working = { shift: { date: "2026-12-01" }, canCheckIn: false, canCheckOut: true, days: [checkedIn] };
    expect(shiftDay(working)?.action).toBe("out");
    const done = { ...working, canCheckOut: false, days: [{ ...checkedIn, checkOutLocal: "17:05" }] };
    expect(shiftDay(done)).toMatchObject({ date: "2026-12-01", action: null, record: { checkOutLocal: "17:05" } });
    // Past midnight the open check-in of yesterday's shift is still the day to check out of.
    const night = { ...working, shift: { date: "2026-12-02" } };
    expect(shiftDay(night)?.date).toBe("2026-12-01");
  });
});

import { describe, expect, it } from "vitest";

import { secondsUntil, serverClockOffset, shiftDay, typedCode } from "./shift-helpers.ts";

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

  it("reads six digits, spaces allowed", () => {
    expect(typedCode("123 456")).toBe("123456");
    expect(typedCode("12345")).toBeNull();
    expect(typedCode("12a456")).toBeNull();
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

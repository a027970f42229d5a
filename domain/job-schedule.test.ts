import { describe, expect, it } from "vitest";

import { bringsShiftsForwardAtShortNotice, scheduleMoved, type JobSchedule } from "./job-schedule.ts";
import { instantAt } from "./wall-clock.ts";

const ZONE = "Europe/Moscow";
const job: JobSchedule = { startDate: "2030-03-11", startTime: "09:00", durationDays: 2, timeZone: ZONE };
const at = (date: string, time: string) => instantAt(date, time, ZONE);

describe("a hired job's schedule", () => {
  it("moves when a day's start changes, or a day is added or removed; not for the same instants written otherwise", () => {
    expect(scheduleMoved(job, { ...job })).toBe(false);
    expect(scheduleMoved(job, { ...job, startTime: "09:00:00" })).toBe(false);
    expect(scheduleMoved(job, { ...job, startTime: "09:30" })).toBe(true);
    expect(scheduleMoved(job, { ...job, startDate: "2030-03-12" })).toBe(true);
    expect(scheduleMoved(job, { ...job, durationDays: 1 })).toBe(true);
    expect(scheduleMoved(job, { ...job, timeZone: "Asia/Tashkent" })).toBe(true);
  });

  it("may not bring a day forward, or add one, to start within 24 hours; later and begun days are free", () => {
    const now = at("2030-03-06", "02:08");
    // Five days out to later today, or to tomorrow morning: refused.
    expect(bringsShiftsForwardAtShortNotice(job, { ...job, startDate: "2030-03-06", startTime: "23:30" }, now)).toBe(true);
    expect(bringsShiftsForwardAtShortNotice(job, { ...job, startDate: "2030-03-07", startTime: "01:00" }, now)).toBe(true);
    // Forward, but still more than a day ahead: allowed.
    expect(bringsShiftsForwardAtShortNotice(job, { ...job, startDate: "2030-03-08" }, now)).toBe(false);
    // The evening before: later is allowed, earlier is not, and a day added tomorrow is not.
    const eve = at("2030-03-10", "12:00");
    expect(bringsShiftsForwardAtShortNotice(job, { ...job, startTime: "11:00" }, eve)).toBe(false);
    expect(bringsShiftsForwardAtShortNotice(job, { ...job, startDate: "2030-03-12" }, eve)).toBe(false);
    expect(bringsShiftsForwardAtShortNotice(job, { ...job, startTime: "08:00" }, eve)).toBe(true);
    // Under way (day 0 begun): an earlier time for day 0 alone is history; for tomorrow it is short notice.
    const during = at("2030-03-11", "12:00");
    expect(bringsShiftsForwardAtShortNotice(job, { ...job, durationDays: 3 }, during)).toBe(false);
    expect(
      bringsShiftsForwardAtShortNotice({ ...job, durationDays: 1 }, { ...job, durationDays: 1, startTime: "07:00" }, during),
    ).toBe(false);
    expect(bringsShiftsForwardAtShortNotice(job, { ...job, startTime: "07:00" }, during)).toBe(true);
  });
});

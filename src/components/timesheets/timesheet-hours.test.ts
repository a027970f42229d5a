import { describe, expect, it } from "vitest";

import { hoursToMinutes, minutesToClock } from "./timesheet-hours.ts";

describe("timesheet hours", () => {
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
});

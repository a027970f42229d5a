import { describe, expect, it } from "vitest";

import {
  addDays,
  attendanceRecordSchema,
  codeRotatesAt,
  codeStep,
  instantAt,
  localTime,
  minutesBetween,
  recordedInstants,
  shiftDayAt,
  shiftDayEnd,
  shiftDayIndex,
} from "./attendance.ts";
import { ERR } from "./errors.ts";

const job = { startDate: "2030-03-30", durationDays: 3, timeZone: "Europe/Berlin" };

describe("shift days in the job's time zone", () => {
  it("counts the days from the start date, across month ends", () => {
    expect(addDays("2030-02-28", 1)).toBe("2030-03-01");
    expect(addDays("2032-02-28", 1)).toBe("2032-02-29");
    expect(shiftDayIndex("2030-03-30", 3, "2030-04-01")).toBe(2);
    expect(shiftDayIndex("2030-03-30", 3, "2030-04-02")).toBeNull();
    expect(shiftDayIndex("2030-03-30", 3, "2030-03-29")).toBeNull();
  });

  it("opens a day two hours before its local midnight and closes it at the next", () => {
    // Berlin is UTC+1 before 31 March 2030 and UTC+2 from then on.
    expect(shiftDayAt(job, new Date("2030-03-29T20:59:00Z"))).toBeNull();
    expect(shiftDayAt(job, new Date("2030-03-29T21:00:00Z"))).toEqual({ date: "2030-03-30", dayIndex: 0 });
    expect(shiftDayAt(job, new Date("2030-03-31T12:00:00Z"))).toEqual({ date: "2030-03-31", dayIndex: 1 });
    expect(shiftDayAt(job, new Date("2030-04-01T21:59:00Z"))).toEqual({ date: "2030-04-01", dayIndex: 2 });
    expect(shiftDayAt(job, new Date("2030-04-01T22:00:00Z"))).toBeNull();
  });

  it("turns wall-clock times into instants across a daylight-saving change", () => {
    expect(instantAt("2030-03-30", "08:00", "Europe/Berlin").toISOString()).toBe("2030-03-30T07:00:00.000Z");
    expect(instantAt("2030-03-31", "08:00", "Europe/Berlin").toISOString()).toBe("2030-03-31T06:00:00.000Z");
    expect(instantAt("2030-03-31", "00:00", "Europe/Berlin").toISOString()).toBe("2030-03-30T23:00:00.000Z");
    expect(shiftDayEnd("2030-03-30", "Europe/Berlin").toISOString()).toBe("2030-03-30T23:00:00.000Z");
    expect(instantAt("2030-06-01", "23:30", "America/New_York").toISOString()).toBe("2030-06-02T03:30:00.000Z");
    expect(instantAt("2030-06-01", "05:30", "Asia/Kolkata").toISOString()).toBe("2030-06-01T00:00:00.000Z");
    expect(localTime(new Date("2030-03-31T06:00:00Z"), "Europe/Berlin")).toBe("08:00");
    expect(localTime(new Date("2030-03-31T06:00:00Z"), "Asia/Tashkent")).toBe("11:00");
  });

  it("puts a check-out earlier than the check-in on the next day", () => {
    const night = recordedInstants("2030-03-30", { checkIn: "22:00", checkOut: "06:00" }, "Europe/Berlin");
    // Through the change to summer time: seven hours, not eight.
    expect(night.checkedInAt.toISOString()).toBe("2030-03-30T21:00:00.000Z");
    expect(night.checkedOutAt?.toISOString()).toBe("2030-03-31T04:00:00.000Z");
    expect(recordedInstants("2030-03-30", { checkIn: "08:00", checkOut: null }, "UTC").checkedOutAt).toBeNull();
  });
});

describe("the code's steps", () => {
  it("are 30 seconds long", () => {
    const at = new Date("2030-01-01T00:00:29.999Z");
    expect(codeStep(at)).toBe(codeStep(new Date("2030-01-01T00:00:00Z")));
    expect(codeStep(new Date("2030-01-01T00:00:30Z"))).toBe(codeStep(at) + 1);
    expect(codeRotatesAt(at).toISOString()).toBe("2030-01-01T00:00:30.000Z");
  });
});

describe("the owner's record of a day", () => {
  const base = { applicationId: "3f2a9c1e-8b7d-4e6f-9a1b-2c3d4e5f6a7b", date: "2030-03-30" };

  it("takes present with times, or absent; a blank reason is none", () => {
    expect(attendanceRecordSchema.parse({ ...base, presence: "present", checkIn: "08:00", reason: "  " })).toEqual({
      ...base,
      presence: "present",
      checkIn: "08:00",
      checkOut: null,
      reason: null,
    });
    expect(attendanceRecordSchema.parse({ ...base, presence: "absent" })).toEqual({ ...base, presence: "absent", reason: null });
  });

  it("refuses malformed or equal times and impossible dates", () => {
    const issue = (input: object) => attendanceRecordSchema.safeParse(input).error?.issues[0]?.message;
    expect(issue({ ...base, presence: "present", checkIn: "24:00" })).toBe(ERR.attendanceTimesInvalid);
    expect(issue({ ...base, presence: "present", checkIn: "08:00", checkOut: "08:00" })).toBe(ERR.attendanceTimesInvalid);
    expect(issue({ ...base, date: "2030-02-29", presence: "absent" })).toBe(ERR.shiftDayInvalid);
  });
});

describe("minutes worked", () => {
  it("are counted between the times as shown, seconds dropped from each", () => {
    // 08:40:50 to 17:05:10 reads 08:40–17:05: 8 h 25 min, not the 8 h 24 min 20 s of the difference.
    expect(minutesBetween(new Date("2026-03-02T05:40:50Z"), new Date("2026-03-02T14:05:10Z"))).toBe(505);
    expect(minutesBetween(new Date("2026-03-02T05:40:00Z"), new Date("2026-03-02T14:05:59Z"))).toBe(505);
    expect(minutesBetween(new Date("2026-03-02T05:40:59Z"), new Date("2026-03-02T05:40:01Z"))).toBe(0);
    expect(minutesBetween(new Date("2026-03-02T14:05:00Z"), new Date("2026-03-02T05:40:00Z"))).toBe(0);
  });
});

import { describe, expect, it } from "vitest";

import { todayIn } from "./age.ts";
import { ERR } from "./errors.ts";
import {
  canCompleteJob,
  isPastDate,
  jobCreateSchema,
  jobTimeZone,
  jobUpdateSchema,
  normalizeSkills,
  skillSchema,
  skillsSchema,
} from "./jobs.ts";

const form = {
  title: "Helper",
  description: "Help at the market stall.",
  category: "retail",
  cityId: 524901,
  startDate: todayIn("UTC"),
  durationDays: "1",
  hourlyRate: "",
  currency: "USD",
  maxWorkers: "1",
  skills: [],
  timeZone: "UTC",
  language: "en",
};

describe("skills", () => {
  it("trims, drops blanks and duplicates regardless of case, keeping the first spelling", () => {
    expect(normalizeSkills([" Welding ", "welding", "", "  ", "Driving", "WELDING"])).toEqual(["Welding", "Driving"]);
  });

  it("stores an empty list as null and refuses a skill over 50 characters", () => {
    expect(skillsSchema.parse(["", " "])).toBeNull();
    expect(skillsSchema.parse(undefined)).toBeNull();
    expect(skillSchema.safeParse("s".repeat(50)).success).toBe(true);
    expect(skillSchema.safeParse("s".repeat(51)).error?.issues[0]?.message).toBe(ERR.skillTooLong);
  });
});

describe("the post form", () => {
  it("turns form strings into numbers and an empty rate into negotiable (null)", () => {
    expect(jobCreateSchema.parse(form)).toMatchObject({ durationDays: 1, maxWorkers: 1, hourlyRate: null, skills: null });
    expect(jobCreateSchema.parse({ ...form, hourlyRate: "0.05" }).hourlyRate).toBe(0.05);
  });

  it("reports the start date in the past together with other mistakes", () => {
    const issues = jobCreateSchema.safeParse({ ...form, title: "", startDate: "2001-01-01" }).error?.issues ?? [];
    expect(issues.map((i) => [i.path[0], i.message])).toEqual(
      expect.arrayContaining([
        ["title", ERR.jobTitleMin],
        ["startDate", ERR.jobStartDatePast],
      ]),
    );
  });

  it("judges the past by the calendar of the given zone", () => {
    const now = new Date("2030-06-01T23:30:00Z");
    // Already 2 June in Tokyo, still 1 June in UTC.
    expect(isPastDate("2030-06-01", "Asia/Tokyo", now)).toBe(true);
    expect(isPastDate("2030-06-01", "UTC", now)).toBe(false);
  });
});

describe("the edit form", () => {
  it("says 'Please fill in all required fields' for each empty required field", () => {
    const { language: _language, ...fields } = form;
    const empty = {
      ...fields,
      jobId: "8c1f8c7e-3a1b-4a55-9a55-2c3d4e5f6a7b",
      title: "",
      description: "",
      category: "",
      cityId: "",
      startDate: "",
      durationDays: "",
    };
    const issues = jobUpdateSchema.safeParse(empty).error?.issues ?? [];
    const firstByField = new Map<unknown, string>();
    for (const issue of issues) if (!firstByField.has(issue.path[0])) firstByField.set(issue.path[0], issue.message);
    expect(Object.fromEntries(firstByField)).toEqual({
      title: ERR.requiredFields,
      description: ERR.requiredFields,
      category: ERR.requiredFields,
      cityId: ERR.requiredFields,
      startDate: ERR.requiredFields,
      durationDays: ERR.requiredFields,
    });
  });

  it("takes one worker when the field is left blank", () => {
    const { language: _language, ...fields } = form;
    expect(jobUpdateSchema.parse({ ...fields, jobId: "8c1f8c7e-3a1b-4a55-9a55-2c3d4e5f6a7b", maxWorkers: "" }).maxWorkers).toBe(
      1,
    );
  });
});

describe("completing a job", () => {
  it("is allowed from the start date on, counted in the job's time zone", () => {
    // 5 December begins at 21:00 UTC on the 4th in Moscow (UTC+3), at 10:00 UTC on the 4th in Kiritimati (UTC+14).
    expect(canCompleteJob("2026-12-05", "Europe/Moscow", new Date("2026-12-04T20:59:59.999Z"))).toBe(false);
    expect(canCompleteJob("2026-12-05", "Europe/Moscow", new Date("2026-12-04T21:00:00.000Z"))).toBe(true);
    expect(canCompleteJob("2026-12-05", "Pacific/Kiritimati", new Date("2026-12-04T10:00:00.000Z"))).toBe(true);
    expect(canCompleteJob("2026-12-05", "UTC", new Date("2026-12-04T23:59:59.999Z"))).toBe(false);
    // Long after the start, still allowed; three weeks before, not.
    expect(canCompleteJob("2026-12-05", "UTC", new Date("2027-01-10T00:00:00Z"))).toBe(true);
    expect(canCompleteJob("2026-12-05", "UTC", new Date("2026-11-23T12:00:00Z"))).toBe(false);
  });

  it("counts in the city's zone, else the owner's, else UTC, skipping names it does not know", () => {
    expect(jobTimeZone("Asia/Tashkent", "Europe/Berlin")).toBe("Asia/Tashkent");
    expect(jobTimeZone(null, "Europe/Berlin")).toBe("Europe/Berlin");
    expect(jobTimeZone("Mars/Olympus", "Europe/Berlin")).toBe("Europe/Berlin");
    expect(jobTimeZone(null, null)).toBe("UTC");
    expect(jobTimeZone(undefined)).toBe("UTC");
  });
});

import { describe, expect, it } from "vitest";

import { calendarDate } from "./calendar-date.ts";
import { ERR } from "./errors.ts";
import { jobSearchSchema } from "./job-filters.ts";
import { optionalText, typedText } from "./text.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("typedText", () => {
  it.each(["a\u0000b", "\u0007bell", "esc\u001b[31m", "del\u007f", "c1\u0085"])("refuses control characters (%j)", (text) => {
    expect(firstMessage(typedText().safeParse(text))).toBe(ERR.textControlCharacters);
    expect(firstMessage(optionalText(100, "too long").safeParse(text))).toBe(ERR.textControlCharacters);
  });

  it("keeps newlines, tabs and every script", () => {
    for (const text of ["line one\nline two\r\n\tindented", "Кафе «Берёзка»", "مرحبا", "你好 👋"]) {
      expect(typedText().safeParse(text)).toMatchObject({ success: true, data: text });
    }
  });

  it("guards the public search too", () => {
    expect(firstMessage(jobSearchSchema.safeParse({ q: "clean\u0000ing" }))).toBe(ERR.textControlCharacters);
  });
});

describe("calendarDate", () => {
  it.each(["2024-99-99", "2023-02-29", "2024-02-30", "0000-01-01", "2024-1-1", "yesterday"])("refuses %s", (text) => {
    expect(firstMessage(calendarDate("bad date").safeParse(text))).toBe("bad date");
  });

  it.each(["2024-02-29", "0001-01-01", "9999-12-31"])("accepts %s", (text) => {
    expect(calendarDate("bad date").safeParse(text).success).toBe(true);
  });
});

import { afterEach, describe, expect, it } from "vitest";

import { LANGUAGE_CODES } from "../../../../domain/languages.ts";
import { APPEAL_KINDS } from "../../../../domain/moderation/decisions.ts";
import { HOLD_RULES } from "../../../../domain/moderation/hold-rules.ts";
import { REPORT_REASONS } from "../../../../domain/reports.ts";
import { baseLocale, overwriteGetLocale } from "../../../paraglide/runtime.js";
import { queueTagName, waitingText } from "./queue-words.ts";

afterEach(() => overwriteGetLocale(() => baseLocale));

const now = new Date("2026-12-07T12:00:00Z");
const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe("the queue's words (docs/decisions/074)", () => {
  it("say how long an item waits: under an hour, hours for two days, then days", () => {
    overwriteGetLocale(() => "en");
    expect(waitingText(ago(0.5), now)).toBe("waiting less than an hour");
    expect(waitingText(ago(1), now)).toBe("waiting 1 hour");
    expect(waitingText(ago(47.9), now)).toBe("waiting 47 hours");
    expect(waitingText(ago(48), now)).toBe("waiting 2 days");
    expect(waitingText(ago(24 * 9 + 5), now).replace(/\D+/g, "")).toBe("9");
  });

  it("waits in Russian with its plural forms", () => {
    overwriteGetLocale(() => "ru");
    expect([1, 2, 5, 21].map((h) => waitingText(ago(h), now))).toEqual([
      "ждёт 1 час",
      "ждёт 2 часа",
      "ждёт 5 часов",
      "ждёт 21 час",
    ]);
    expect(waitingText(ago(24 * 5), now)).toBe("ждёт 5 дней");
  });

  it.each(LANGUAGE_CODES)("name every report reason, hold rule and appeal kind apart in %s", (locale) => {
    overwriteGetLocale(() => locale);
    for (const [kind, tags] of [
      ["report", REPORT_REASONS],
      ["hold", HOLD_RULES],
      ["appeal", APPEAL_KINDS],
    ] as const) {
      const names = tags.map((tag) => queueTagName(kind, tag));
      for (const [i, name] of names.entries()) expect(name, `${kind} ${tags[i]}`).not.toBe(tags[i]);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it("shows a tag it does not know as it is", () => {
    expect(queueTagName("hold", "future_rule")).toBe("future_rule");
  });
});

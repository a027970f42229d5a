import { afterEach, describe, expect, it, vi } from "vitest";

import type { LanguageCode } from "../../domain/languages.ts";
import { baseLocale, overwriteGetLocale } from "../paraglide/runtime.js";
import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMessageTime,
  formatMoney,
  formatPercent,
  formatTime,
  hasIntlData,
} from "./format.ts";

const readIn = (locale: LanguageCode) => overwriteGetLocale(() => locale);
// ICU separates groups and units with no-break spaces (U+00A0 or U+202F); compare with plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ").replace(/[\u200e\u200f\u061c]/g, "");

afterEach(() => overwriteGetLocale(() => baseLocale));

describe("formatMoney", () => {
  it("places the job currency's symbol the way the reader's language does", () => {
    readIn("ru");
    expect(plain(formatMoney(1500, "RUB"))).toBe("1 500 ₽");
    readIn("en");
    expect(formatMoney(1500, "RUB")).toBe("₽1,500");
    expect(formatMoney(27.5, "EUR")).toBe("€27.50");
    readIn("de");
    expect(plain(formatMoney(1500, "USD"))).toBe("1.500 $");
    readIn("zh");
    expect(formatMoney(450, "GBP")).toBe("£450");
  });

  it("isolates a Latin currency symbol in Arabic, so its $ stays where it belongs", () => {
    readIn("ar");
    const usd = formatMoney(5.67, "USD");
    expect(usd).toContain("\u2066US$\u2069");
    expect(plain(usd).replace(/[\u2066\u2069]/g, "")).toBe("5.67 US$");
    // Symbols without letters need nothing.
    expect(formatMoney(450, "RUB")).not.toContain("\u2066");
    readIn("en");
    expect(formatMoney(5, "USD")).toBe("$5");
  });

  it("keeps the amount readable for a code that is not a currency", () => {
    readIn("en");
    expect(formatMoney(12, "not a code")).toBe("12 not a code");
  });
});

describe("formatMessageTime", () => {
  const sent = new Date(2026, 0, 15, 9, 5);

  it("shows only the time for a message of today", () => {
    readIn("ru");
    expect(formatMessageTime(sent, new Date(2026, 0, 15, 23, 59))).toBe(formatTime(sent));
    expect(formatTime(sent)).toBe("09:05");
  });

  it("shows the date and the time for an older message", () => {
    readIn("en");
    const shown = formatMessageTime(sent, new Date(2026, 0, 16, 0, 1));
    expect(shown).toBe(formatDateTime(sent));
    expect(shown).toContain("Jan");
  });
});

describe("formatFileSize and formatPercent", () => {
  it("writes sizes with the language's units", () => {
    readIn("en");
    expect(formatFileSize(850 * 1024)).toBe("850 kB");
    // Never Intl's "360 byte": under a kilobyte is a fraction of one, at least a tenth.
    expect(formatFileSize(360)).toBe("0.4 kB");
    expect(formatFileSize(20)).toBe("0.1 kB");
    expect(formatFileSize(0)).toBe("0 kB");
    readIn("ar");
    expect(plain(formatFileSize(360))).toMatch(/^0[.,٫]4 كيلوبايت$/);
    readIn("ru");
    expect(plain(formatFileSize(1.2 * 1024 * 1024))).toBe("1,2 МБ");
    readIn("fr");
    expect(plain(formatFileSize(3 * 1024 * 1024))).toBe("3 Mo");
  });

  it("writes percentages the language's way", () => {
    readIn("en");
    expect(formatPercent(42)).toBe("42%");
    readIn("fr");
    expect(plain(formatPercent(42))).toBe("42 %");
  });
});

describe("a language this browser's Intl has no data for", () => {
  it("borrows Russian conventions for Turkmen and writes dates in digits", () => {
    // Chromium has no Turkmen: Intl would silently format in the browser's own language.
    const real = Intl.DateTimeFormat.supportedLocalesOf.bind(Intl.DateTimeFormat);
    const spy = vi
      .spyOn(Intl.DateTimeFormat, "supportedLocalesOf")
      .mockImplementation((locales, options) => (String(locales) === "tk" ? [] : real(locales, options)));
    try {
      expect(hasIntlData("tk")).toBe(false);
      expect(hasIntlData("en")).toBe(true);
      readIn("tk");
      expect(formatDate("2026-11-11", "long")).toBe("11.11.2026");
      expect(plain(formatDateTime(new Date(2026, 10, 11, 14, 5)))).toBe("11.11.2026, 14:05");
      expect(plain(formatMoney(1500, "RUB"))).toBe("1 500 ₽");
      // Units from our messages, numbers written the borrowed language's way.
      expect(plain(formatFileSize(1.5 * 1024 * 1024))).toBe("1,5 MB");
      expect(plain(formatFileSize(850 * 1024))).toBe("850 kB");
    } finally {
      spy.mockRestore();
    }
  });
});

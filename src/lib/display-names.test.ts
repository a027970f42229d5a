import { afterEach, describe, expect, it, vi } from "vitest";

import type { LanguageCode } from "../../domain/languages.ts";
import { baseLocale, overwriteGetLocale } from "../paraglide/runtime.js";
import { currencyName } from "./currency-names.ts";
import { countryName } from "./display-names.ts";

const readIn = (locale: LanguageCode) => overwriteGetLocale(() => locale);
afterEach(() => {
  overwriteGetLocale(() => baseLocale);
  vi.restoreAllMocks();
});

describe("currency and country names", () => {
  it("come from Intl where it knows the language", () => {
    readIn("ru");
    expect(currencyName("USD")).toBe("доллар США");
    expect(countryName("DE")).toBe("Германия");
    readIn("fr");
    expect(currencyName("RUB")).toBe("rouble russe");
    readIn("en");
    expect(currencyName("KZT")).toBe("Kazakhstani Tenge");
  });

  it("come from our messages where the browser answers in English (Chromium's Uzbek, Kazakh, Turkmen)", () => {
    // What Chromium does: no Turkmen at all, and Uzbek and Kazakh without month or currency names.
    const dates = Intl.DateTimeFormat.supportedLocalesOf.bind(Intl.DateTimeFormat);
    vi.spyOn(Intl.DateTimeFormat, "supportedLocalesOf").mockImplementation((locales, options) =>
      ["uz", "kk", "tk"].includes(String(locales)) ? [] : dates(locales, options),
    );
    readIn("uz");
    expect(currencyName("USD")).toBe("AQSH dollari");
    expect(countryName("UZ")).toBe("Oʻzbekiston");
    readIn("kk");
    expect(currencyName("KZT")).toBe("Қазақстан теңгесі");
    expect(countryName("DE")).toBe("Германия");
    readIn("tk");
    expect(currencyName("TMT")).toBe("Türkmen manady");
    expect(currencyName("EUR")).toBe("Ýewro");
  });

  it("never pass an English answer off as another language's", () => {
    // A browser whose German data lacks currency names answers every language in English.
    const RealDisplayNames = Intl.DisplayNames;
    vi.spyOn(Intl, "DisplayNames").mockImplementation(
      (_locales: unknown, options: Intl.DisplayNamesOptions) => new RealDisplayNames(["en"], options),
    );
    readIn("de");
    expect(currencyName("USD")).toBe("US-Dollar");
  });

  it("fall back to the code for one nobody knows", () => {
    readIn("en");
    expect(currencyName("ABC")).toBe("ABC");
    expect(countryName("AA")).toBe("AA");
  });
});

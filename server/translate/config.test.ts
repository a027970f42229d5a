import { describe, expect, it } from "vitest";

import { loadConfig } from "../config.ts";
import { DEEPL_FREE_URL, DEEPL_PRO_URL } from "./config.ts";
import { createTranslator } from "./create-translator.ts";

const base = {
  NODE_ENV: "test",
  DATA_DIR: "./.data-test",
  BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
} as const;

describe("translation configuration", () => {
  it("is off by default, with an 8 second timeout", () => {
    const config = loadConfig({ ...base });
    expect(config.translate).toEqual({ provider: "none", timeoutMs: 8000 });
    expect(createTranslator(config.translate)).toBeNull();
  });

  it("chooses DeepL's Free or Pro host from the key's :fx suffix unless DEEPL_API_URL is set", () => {
    const free = loadConfig({ ...base, TRANSLATE_PROVIDER: "deepl", DEEPL_API_KEY: "abc:fx" }).translate;
    const pro = loadConfig({ ...base, TRANSLATE_PROVIDER: "deepl", DEEPL_API_KEY: "abc" }).translate;
    const own = loadConfig({
      ...base,
      TRANSLATE_PROVIDER: "deepl",
      DEEPL_API_KEY: "abc",
      DEEPL_API_URL: "https://deepl.example/v2/",
    }).translate;
    expect(free).toMatchObject({ provider: "deepl", url: DEEPL_FREE_URL, apiKey: "abc:fx" });
    expect(pro).toMatchObject({ provider: "deepl", url: DEEPL_PRO_URL });
    expect(own).toMatchObject({ url: "https://deepl.example" });
    expect(createTranslator(free)?.provider).toBe("deepl");
  });

  it("reads LibreTranslate's URL, optional key and the timeout", () => {
    const config = loadConfig({
      ...base,
      TRANSLATE_PROVIDER: "libretranslate",
      LIBRETRANSLATE_URL: "http://translate.internal:5000/",
      TRANSLATE_TIMEOUT_MS: "2500",
    });
    expect(config.translate).toEqual({
      provider: "libretranslate",
      url: "http://translate.internal:5000",
      apiKey: null,
      timeoutMs: 2500,
    });
    expect(createTranslator(config.translate)?.provider).toBe("libretranslate");
  });

  it("refuses to boot with a provider but without its URL or key", () => {
    expect(() => loadConfig({ ...base, TRANSLATE_PROVIDER: "libretranslate" })).toThrow(/LIBRETRANSLATE_URL/);
    expect(() => loadConfig({ ...base, TRANSLATE_PROVIDER: "libretranslate", LIBRETRANSLATE_URL: "ftp://x" })).toThrow(
      /LIBRETRANSLATE_URL/,
    );
    expect(() => loadConfig({ ...base, TRANSLATE_PROVIDER: "deepl" })).toThrow(/DEEPL_API_KEY/);
    expect(() => loadConfig({ ...base, TRANSLATE_PROVIDER: "google" })).toThrow();
  });
});

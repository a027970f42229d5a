import { expect, it } from "vitest";

import { isTranslatable } from "./use-translatable.ts";

const deepl = { enabled: true, languages: ["ru", "en", "de", "fr", "es", "ar", "zh", "uz", "kk"] };

it("offers a translation from a covered language into the reader's covered language", () => {
  expect(isTranslatable(deepl, "ru", "en")).toBe(true);
  expect(isTranslatable(deepl, "de", "ar")).toBe(true);
});

it("offers none for a job in the reader's language, an uncovered language on either side, or no provider", () => {
  expect(isTranslatable(deepl, "en", "en")).toBe(false);
  expect(isTranslatable(deepl, "tk", "en")).toBe(false);
  expect(isTranslatable(deepl, "ru", "tk")).toBe(false);
  expect(isTranslatable(deepl, "xx", "en")).toBe(false);
  expect(isTranslatable({ enabled: false, languages: [] }, "ru", "en")).toBe(false);
  // Not known yet (the answer is on its way): no toggle rather than one that may vanish.
  expect(isTranslatable(undefined, "ru", "en")).toBe(false);
});

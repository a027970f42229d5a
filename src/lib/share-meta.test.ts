import { expect, it } from "vitest";

import { excerpt } from "./share-meta.ts";

it("keeps short text, cuts long text at a word with an ellipsis, and flattens lines", () => {
  expect(excerpt("  one\n two  ", 20)).toBe("one two");
  expect(excerpt("alpha beta gamma delta", 12)).toBe("alpha beta…");
  expect(excerpt("x".repeat(30), 10)).toBe(`${"x".repeat(9)}…`);
});

import { expect, it } from "vitest";

import { keysIn } from "./vite-locale-messages.ts";

const keys = new Set(["home_title", "category_cleaning", "category_retail", "error_generic", "nav_home", "review_star_1"]);

it("a module uses the messages it calls, the keys it names, and every key a composed key's prefix starts", () => {
  const code = [
    `const title = m.home_title();`,
    `const fallback = "error_generic";`,
    "const label = translate(`category_${job.category}`);",
    `const star = translate("review_star_" + n);`,
    `const other = m.not_a_message; const text = "nav";`,
  ].join("\n");
  expect([...keysIn(code, keys)].sort()).toEqual([
    "category_cleaning",
    "category_retail",
    "error_generic",
    "home_title",
    "review_star_1",
  ]);
});

it("a module that names no message uses none", () => {
  expect(keysIn(`export const a = "home"; const b = x.home_title;`, keys).size).toBe(0);
});

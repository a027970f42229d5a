import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

import { paraglideOptions } from "./paraglide-options.ts";
import { pluralRulesOncePlugin } from "./vite-plural-rules.ts";

const registry = path.resolve(paraglideOptions.outdir, "registry.js");

function transform(code: string, id: string) {
  const hook = pluralRulesOncePlugin(paraglideOptions).transform;
  if (typeof hook !== "function") throw new Error("the plugin has no transform");
  return hook.call({} as never, code, id) as { code: string } | null;
}

it("paraglide's generated plurals take their rules from pluralRules, made once", () => {
  const result = transform(readFileSync(registry, "utf8"), registry);
  expect(result?.code).toContain("pluralRules(locale, options).select(");
  expect(result?.code).not.toContain("new Intl.PluralRules");
  expect(result?.code).toContain(`import { pluralRules } from ${JSON.stringify(path.resolve("domain/intl-locale.ts"))}`);
});

it("stops the build when paraglide no longer makes them that way, and leaves other modules alone", () => {
  expect(() => transform("export function plural() { return 'other' }", registry)).toThrow(/no longer has/);
  expect(transform("new Intl.PluralRules(locale, options)", path.resolve("src/lib/format.ts"))).toBeNull();
});

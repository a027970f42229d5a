import path from "node:path";
import type { Plugin } from "vite";

/** What paraglide's generated `registry.js` does on every plural message ("3 days"). */
const MADE_PER_CALL = "new Intl.PluralRules(locale, options)";

/**
 * Has paraglide's plural messages reuse one `Intl.PluralRules` per locale (domain/intl-locale.ts) instead of
 * making one per call (docs/decisions/038); stops the build when paraglide's registry changes shape.
 */
export function pluralRulesOncePlugin(options: { outdir: string }): Plugin {
  const registry = path.resolve(options.outdir, "registry.js");
  const intlLocale = path.resolve("domain/intl-locale.ts");
  return {
    name: "daywork-plural-rules-once",
    apply: "build",
    transform(code, id) {
      if (path.resolve(id.split("?")[0] ?? id) !== registry) return null;
      if (!code.includes(MADE_PER_CALL)) {
        throw new Error(`build stopped: ${registry} no longer has "${MADE_PER_CALL}" (scripts/vite-plural-rules.ts)`);
      }
      return {
        code: `import { pluralRules } from ${JSON.stringify(intlLocale)};\n${code.replace(MADE_PER_CALL, "pluralRules(locale, options)")}`,
        map: null,
      };
    },
  };
}

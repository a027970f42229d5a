import path from "node:path";
import type { Plugin } from "vite";

/** What paraglide's generated `registry.js` does on every plural message ("3 days"). */
const MADE_PER_CALL = "new Intl.PluralRules(locale, options)";

/**
 * Has paraglide's plural messages take their `Intl.PluralRules` from `pluralRules` (domain/intl-locale.ts),
 * made once per locale and options, instead of making one on every call: twenty job cards say "3 days"
 * twenty times, in the server's render and on the phone. Applies to both builds; the dev server and the
 * tests keep paraglide's module as it is. A paraglide whose registry no longer makes them this way stops
 * the build, so this is looked at again rather than silently dropped.
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

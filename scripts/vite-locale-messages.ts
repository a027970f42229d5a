import path from "node:path";
import type { Plugin } from "vite";

/**
 * Ships the reader's language only (docs/decisions/024). Paraglide compiles the SPA's messages as one
 * module per locale (`messages/ru.js`, `messages/en.js`, …) plus `messages/_index.js`, whose functions
 * import all ten and pick one per call, so every page would carry every language. In the build this
 * plugin replaces `messages.js`, where the app takes `m` from, with a view of the locale module loaded
 * at start (`src/lib/locale-messages.ts`): each locale module becomes a chunk of its own, fetched for
 * the reader's language alone, and no per-message code is left in the app's chunks. The dev server and
 * tests keep paraglide's modules as they are.
 */
export function localeMessagesPlugin(options: { outdir: string }): Plugin {
  const entry = path.resolve(options.outdir, "messages.js");
  const loadedTable = path.resolve("src/lib/locale-messages.ts");
  return {
    name: "daywork-locale-messages",
    apply: "build",
    enforce: "pre",
    load(id) {
      if (path.resolve(id.split("?")[0] ?? id) !== entry) return null;
      return [
        `import { loadedMessages } from ${JSON.stringify(loadedTable)};`,
        // Reads go to the loaded table: m.key(inputs), key in m, Object.hasOwn(m, key).
        `export const m = new Proxy({}, {`,
        `  get: (_, key) => loadedMessages()[key],`,
        `  has: (_, key) => key in loadedMessages(),`,
        `  ownKeys: () => Reflect.ownKeys(loadedMessages()),`,
        `  getOwnPropertyDescriptor: (_, key) => Object.getOwnPropertyDescriptor(loadedMessages(), key),`,
        `});`,
      ].join("\n");
    },
  };
}

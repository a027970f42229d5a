import { readFileSync } from "node:fs";
import path from "node:path";
import { RolldownMagicString } from "rolldown";
import { parseAst, type Plugin, type Rolldown } from "vite";

import { LANDING_PAGES } from "../domain/first-screen.ts";

/** The name under which the app's messages table offers to load the rest of the language (src/lib/locale-messages.ts). */
export const LOAD_REST_OF_MESSAGES = "daywork.loadRestOfMessages";

/**
 * Ships the reader's language only, split in two chunks by the module graph: the first load's messages
 * (`messages/ru.js`) and the rest (`messages/ru.js?rest`), fetched by later chunks or when idle
 * (docs/decisions/024, 052). A message counts as used where its key, or a literal prefix of it, appears in a
 * module's code.
 */
export function localeMessagesPlugin(
  options: { outdir: string; project: string },
  landingPages: readonly string[] = LANDING_PAGES,
): Plugin {
  const outdir = path.resolve(options.outdir);
  const entry = path.join(outdir, "messages.js");
  const localeModule = new RegExp(`^${escape(path.join(outdir, "messages"))}/([a-z]{2})\\.js(\\?rest)?$`);
  const loadedTable = path.resolve("src/lib/locale-messages.ts");
  const usedBy = new Map<string, { keys: Set<string>; calls: Set<string>; anyKey: boolean }>();
  let keys = new Set<string>();
  let firstScreen: Set<string> | null = null;

  return {
    name: "daywork-locale-messages",
    // The client's build only: the server's render (src/entry-server.tsx) keeps paraglide's modules.
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    enforce: "pre",
    buildStart() {
      const messages = JSON.parse(readFileSync(path.join(path.dirname(options.project), "en.json"), "utf8"));
      keys = new Set(Object.keys(messages).filter((key) => !key.startsWith("$")));
      usedBy.clear();
      firstScreen = null;
    },
    load(id) {
      const file = id.split("?")[0] ?? id;
      if (path.resolve(file) === entry) return proxyModule(loadedTable);
      // The second half of a language starts as the same module; renderChunk keeps the other half of it.
      if (localeModule.exec(id)?.[2]) return readFileSync(file, "utf8");
      return null;
    },
    transform: {
      order: "post",
      handler(code, id) {
        if (id.includes("/node_modules/") || id.startsWith(outdir) || id.startsWith("\0")) return null;
        const used = keysIn(code, keys);
        // What runs in the module: its `m.key` calls, and, if it looks messages up by a key it is given
        // (translate, hasMessage), any message. Key literals alone (schemas, ERR) run where they are shown.
        const calls = new Set([...code.matchAll(/\bm\.(\w+)/g)].map(([, key]) => key ?? "").filter((key) => keys.has(key)));
        const anyKey = /lib\/messages\.ts["']/.test(code);
        if (used.size > 0 || anyKey) usedBy.set(id, { keys: used, calls, anyKey });
        return null;
      },
    },
    outputOptions(output) {
      const named = output.chunkFileNames ?? "assets/[name]-[hash].js";
      return {
        ...output,
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.endsWith("?rest")
            ? "assets/[name]-rest-[hash].js"
            : typeof named === "string"
              ? named
              : named(chunk),
      };
    },
    renderChunk(code, chunk, _output, meta) {
      const first = (firstScreen ??= keysOfFirstLoad(meta.chunks, usedBy, landingPages));
      const locale = chunk.facadeModuleId ? localeModule.exec(chunk.facadeModuleId) : null;
      if (locale) {
        const rest = locale[2] !== undefined;
        return keepExports(code, (name) => first.has(name) !== rest);
      }
      const needsRest = chunk.moduleIds.some((id) => {
        const use = usedBy.get(id);
        return use && (use.anyKey || [...use.calls].some((key) => !first.has(key)));
      });
      if (!needsRest || isFirstLoad(chunk, meta.chunks)) return null;
      // A chunk loaded later that shows messages runs once the rest of the language is in.
      return new RolldownMagicString(code).prepend(`await globalThis[Symbol.for(${JSON.stringify(LOAD_REST_OF_MESSAGES)})]();\n`);
    },
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function proxyModule(loadedTable: string): string {
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
}

/** The message keys `code` uses: `m.key`, literals that are keys, and every key a literal prefix (`category_`) begins. */
export function keysIn(code: string, keys: ReadonlySet<string>): Set<string> {
  const used = new Set<string>();
  for (const [, key] of code.matchAll(/\bm\.([A-Za-z_$][\w$]*)/g)) if (key && keys.has(key)) used.add(key);
  const prefixes = new Set<string>();
  for (const [, text] of code.matchAll(/["'`]([a-z][a-z0-9_]*)(?:["'`]|\$\{)/g)) {
    if (!text) continue;
    if (keys.has(text)) used.add(text);
    else if (text.endsWith("_") && text.length > 2) prefixes.add(text);
  }
  if (prefixes.size > 0) for (const key of keys) for (const p of prefixes) if (key.startsWith(p)) used.add(key);
  return used;
}

/** The chunks of a first load: the entry chunks (or those holding `roots`) and what they import statically. */
function firstLoadChunks(
  chunks: Record<string, Rolldown.RenderedChunk>,
  roots: (chunk: Rolldown.RenderedChunk) => boolean = (c) => c.isEntry,
): Rolldown.RenderedChunk[] {
  const byName = new Map(Object.values(chunks).map((c) => [c.fileName, c]));
  const seen = new Map<string, Rolldown.RenderedChunk>();
  const visit = (c: Rolldown.RenderedChunk | undefined) => {
    if (!c || seen.has(c.fileName)) return;
    seen.set(c.fileName, c);
    for (const file of c.imports) visit(byName.get(file) ?? chunks[file]);
  };
  for (const c of Object.values(chunks)) if (roots(c)) visit(c);
  return [...seen.values()];
}

function isFirstLoad(chunk: Rolldown.RenderedChunk, chunks: Record<string, Rolldown.RenderedChunk>): boolean {
  return firstLoadChunks(chunks).some((c) => c.fileName === chunk.fileName);
}

function keysOfFirstLoad(
  chunks: Record<string, Rolldown.RenderedChunk>,
  usedBy: Map<string, { keys: Set<string> }>,
  landingPages: readonly string[],
): Set<string> {
  const first = new Set<string>();
  const landing = (c: Rolldown.RenderedChunk) =>
    c.isEntry || c.moduleIds.some((id) => landingPages.some((page) => id.endsWith(page)));
  for (const c of firstLoadChunks(chunks, landing)) {
    for (const id of c.moduleIds) for (const key of usedBy.get(id)?.keys ?? []) first.add(key);
  }
  return first;
}

/** `code` (an ES module) with only the exports `keep` accepts, and the declarations behind them. */
function keepExports(code: string, keep: (name: string) => boolean): RolldownMagicString {
  const ast = parseAst(code);
  const s = new RolldownMagicString(code);
  const dropped = new Set<string>();
  for (const node of ast.body) {
    if (node.type !== "ExportNamedDeclaration" || node.source || node.declaration) continue;
    const kept = node.specifiers.filter((spec) => {
      const exported = spec.exported.type === "Identifier" ? spec.exported.name : String(spec.exported.value);
      if (keep(exported)) return true;
      if (spec.local.type === "Identifier") dropped.add(spec.local.name);
      return false;
    });
    s.overwrite(node.start, node.end, `export { ${kept.map((spec) => code.slice(spec.start, spec.end)).join(", ")} };`);
  }
  for (const node of ast.body) {
    if (node.type !== "VariableDeclaration") continue;
    const kept = node.declarations.filter((d) => !(d.id.type === "Identifier" && dropped.has(d.id.name)));
    if (kept.length === node.declarations.length) continue;
    if (kept.length === 0) s.remove(node.start, node.end);
    else s.overwrite(node.start, node.end, `${node.kind} ${kept.map((d) => code.slice(d.start, d.end)).join(", ")};`);
  }
  return s;
}

// Each lucide-react icon imported from its own module rather than the barrel, so the bundler can split
// icons by the pages that use them (docs/decisions/052).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/** Each name lucide-react exports for an icon, with the icon's module (`MapPin` and `MapPinIcon`: `map-pin`). */
export function lucideIconModules(barrelSource: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const [, names = "", file = ""] of barrelSource.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) if (name) modules.set(name, file);
  }
  return modules;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

/** `code` with its named imports of lucide-react's icons from each icon's module; other names as they were. */
export function rewriteIconImports(code: string, modules: Map<string, string>): string {
  return code.replace(IMPORT, (statement, specifiers: string) => {
    const kept: string[] = [];
    const own: string[] = [];
    for (const specifier of specifiers
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [imported = "", local = imported] = specifier.split(/\s+as\s+/);
      const file = modules.get(imported);
      if (file && !specifier.startsWith("type ")) own.push(`import ${local} from "lucide-react/icons/${file}";`);
      else kept.push(specifier);
    }
    if (own.length === 0) return statement;
    return [...(kept.length > 0 ? [`import { ${kept.join(", ")} } from "lucide-react";`] : []), ...own].join("\n");
  });
}

export function iconImportsPlugin(): Plugin {
  let modules: Map<string, string> | undefined;
  return {
    name: "daywork:icon-imports",
    apply: "build",
    enforce: "post",
    transform: {
      filter: { code: "lucide-react" },
      handler(code, id) {
        if (id.includes("/node_modules/")) return null;
        if (!modules) {
          const barrel = createRequire(import.meta.url)
            .resolve("lucide-react")
            .replace(/cjs[/\\]lucide-react\.js$/, "esm/lucide-react.mjs");
          modules = lucideIconModules(readFileSync(path.resolve(barrel), "utf8"));
        }
        const rewritten = rewriteIconImports(code, modules);
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
  };
}

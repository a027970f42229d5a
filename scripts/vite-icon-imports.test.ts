import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

import { lucideIconModules, rewriteIconImports } from "./vite-icon-imports.ts";

const barrel = readFileSync(
  createRequire(import.meta.url)
    .resolve("lucide-react")
    .replace(/cjs[/\\]lucide-react\.js$/, "esm/lucide-react.mjs"),
  "utf8",
);
const modules = lucideIconModules(barrel);

describe("lucide-react's icons from their own modules", () => {
  it("knows each icon's module by every name the library exports it under", () => {
    expect(modules.get("MapPin")).toBe("map-pin");
    expect(modules.get("MapPinIcon")).toBe("map-pin");
    // An old name the app still uses: the module is the icon's current one.
    expect(modules.get("Loader2")).toBe(modules.get("LoaderCircle"));
    expect(modules.size).toBeGreaterThan(1000);
  });

  it("imports each icon from its module, keeping a local name and what is not an icon", () => {
    const code = `import { MapPin, Star as Rated,\n  icons } from "lucide-react";\nexport const a = [MapPin, Rated, icons];`;
    expect(rewriteIconImports(code, modules)).toBe(
      [
        `import { icons } from "lucide-react";`,
        `import MapPin from "lucide-react/icons/map-pin";`,
        `import Rated from "lucide-react/icons/star";`,
        `export const a = [MapPin, Rated, icons];`,
      ].join("\n"),
    );
  });

  it("leaves code without an icon import as it is", () => {
    const code = `import { useState } from "react";\nimport { icons } from "lucide-react";`;
    expect(rewriteIconImports(code, modules)).toBe(code);
  });
});

// Generates what TypeScript, vitest, eslint and the server need before they run: the compiled paraglide
// messages (for the SPA in src/paraglide, and again for the server's e-mails and pushes in
// server/i18n/paraglide) and TanStack Router's route tree. The build (vite) regenerates the SPA's two
// through its plugins.
import { readFileSync } from "node:fs";
import { compile } from "@inlang/paraglide-js";
import { Generator, getConfig } from "@tanstack/router-generator";

import { paraglideOptions, serverParaglideOptions } from "./paraglide-options.ts";
import { routerGeneratorOptions } from "./router-options.ts";

await compile(paraglideOptions);
await compile(serverParaglideOptions);
// Both compiles have one module per language; the index exports each message once.
const index = readFileSync(`${paraglideOptions.outdir}/messages/_index.js`, "utf8");
const compiled = index.match(/^export const \w+ =/gm) ?? [];
if (compiled.length === 0) {
  // Paraglide reports success with zero messages when its plugin cannot load (docs/working-in-this-repo.md, Stack facts).
  console.error("paraglide compiled zero messages: check messages/project.inlang/settings.json modules");
  process.exit(1);
}

const root = process.cwd();
const config = getConfig(routerGeneratorOptions, root);
await new Generator({ config, root }).run();
console.log(`generated ${compiled.length} messages and the route tree`);
// The inlang SDK leaves timers behind (~27 s of idling); everything is written, so end now.
process.exit(0);

import { paraglideVitePlugin } from "@inlang/paraglide-js";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import type { ChunkingContext } from "rolldown";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

import { paraglideOptions } from "./scripts/paraglide-options.ts";
import { routerGeneratorOptions } from "./scripts/router-options.ts";
import { iconImportsPlugin } from "./scripts/vite-icon-imports.ts";
import { localeMessagesPlugin } from "./scripts/vite-locale-messages.ts";
import { pluralRulesOncePlugin } from "./scripts/vite-plural-rules.ts";

const apiTarget = process.env.API_URL ?? "http://localhost:3000";

/** The job page's and home's code as the router plugin splits them off. */
const JOB_PAGE = "/src/routes/jobs/$jobId.tsx?tsr-split=component";
const HOME = "/src/routes/index.tsx?tsr-split=component";

/** Whether the module `id` is a static import, at any depth, of the module whose id ends with `page`. */
function importedBy(page: string, id: string, context: ChunkingContext): boolean {
  const seen = new Set<string>();
  const importers = [id];
  for (let next = importers.pop(); next !== undefined; next = importers.pop()) {
    if (next.endsWith(page)) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    importers.push(...(context.getModuleInfo(next)?.importers ?? []));
  }
  return false;
}

/** The chunk of an icon not on every page: a job page's own, or the one of the icons of other screens. */
const iconsChunk = (id: string, context: ChunkingContext) => (importedBy(JOB_PAGE, id, context) ? "job-page-icons" : "icons");

/**
 * The chunk of code of home or a job page not on every page: home's own, or the one of our components
 * both show (rather than a file for each). A library's module is left to the bundler when both may use
 * it: seen through a library's index, every module of it looks imported by both.
 */
function landingChunk(id: string, context: ChunkingContext): string | null {
  if (!importedBy(HOME, id, context)) return null;
  if (!importedBy(JOB_PAGE, id, context)) return "home";
  return id.includes("/node_modules/") ? null : "landing";
}

/** The server's render of the first screen (src/entry-server.tsx), built beside the app by `vite build --ssr`. */
const serverRender = {
  outDir: "dist/.ssr",
  // Where the server finds it; @fastify/static never serves a dot-folder.
  copyPublicDir: false,
  rollupOptions: {
    input: "src/entry-server.tsx",
    output: { entryFileNames: "entry-server.js", inlineDynamicImports: true },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  // The router plugin must come before react() or code splitting silently fails (docs/working-in-this-repo.md, Stack facts).
  plugins: [
    tanstackRouter(routerGeneratorOptions),
    react(),
    tailwindcss(),
    paraglideVitePlugin(paraglideOptions),
    localeMessagesPlugin(paraglideOptions),
    pluralRulesOncePlugin(paraglideOptions),
    iconImportsPlugin(),
    // Each built file also as .br and .gz, which the server sends as they are (no compression per request).
    !isSsrBuild && compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.map$/], threshold: 1024 }),
  ],
  server: {
    port: 5173,
    proxy: {
      "/api/trpc": { target: apiTarget, ws: true, changeOrigin: false },
      "/api": { target: apiTarget, changeOrigin: false },
    },
  },
  // One file with every library in it: the server loads it from wherever the build was written.
  ssr: { noExternal: true },
  // The render is a production build like the app's code, whatever NODE_ENV the server runs with: left
  // to the server's, a demo or a journey drew every page with React's development build (a drawn home
  // page cost 55 ms of CPU instead of 34 ms), and the two builds were not the same React.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
  build: isSsrBuild
    ? serverRender
    : {
        outDir: "dist",
        sourcemap: true,
        // Read by the server to preload the reader's language and the first screen's chunks.
        manifest: true,
        // No modulepreload polyfill in every first load: browsers without modulepreload (Safari before 17)
        // still load the same chunks through the entry's imports, a little later (docs/decisions/052).
        modulePreload: { polyfill: false },
        rollupOptions: {
          // A schema built at a module's top level and never used is dropped like any unused value: zod's
          // builders have no side effects, though a bundler cannot tell from a call.
          treeshake: { manualPureFunctions: ["z"] },
          output: {
            // What every page loads at start comes in two files, the libraries and our own code, instead of
            // dozens of small shared chunks: each file is a round trip on a slow phone network.
            codeSplitting: {
              groups: [
                { name: "libraries", tags: ["$initial"], test: /node_modules/, priority: 3 },
                // The entry module stays the entry chunk, which the manifest (and so the server) starts from.
                { name: "app", tags: ["$initial"], test: (id) => !/(\/src\/main\.tsx|\.html)$/.test(id), priority: 2 },
                // Home's code (its route is split off like the others), in a file the server preloads with the
                // entry on home, and not on a job page; what both draw in one more (decision 052). Only the
                // modules named: their libraries' modules stay where the bundler puts them, or a job page
                // would import home's file for a module they share.
                { name: landingChunk, priority: 1, includeDependenciesRecursively: false },
                // The icons the other screens draw, in one file of 4 KB rather than one file each: a job page
                // fetched six of them, each a round trip. A job page's own icons are a file of their own, so
                // it carries the few it draws and not the 4 KB; home's own are in home's file. Each icon
                // comes from its own module (scripts/vite-icon-imports.ts), so the group sees who imports it.
                { name: iconsChunk, test: /node_modules\/lucide-react\//, priority: 0 },
              ],
            },
          },
          onwarn(warning, warn) {
            // A missing paraglide message is only a warning by default: make it fail the build.
            if (warning.code === "IMPORT_IS_UNDEFINED" || warning.code === "MISSING_EXPORT") {
              throw new Error(`build stopped: ${warning.message}`);
            }
            warn(warning);
          },
        },
      },
}));

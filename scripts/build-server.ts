// npm run build:server (the last step of `npm run build`): the server and its packages compiled into
// dist/.server/main.js with the migrations beside it, so an instance starts without loading sources
// (docs/decisions/066).
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where `npm run build` writes the server; a dot-folder of dist/, which the server never serves. */
export const SERVER_OUT_DIR = path.join("dist", ".server");

/** The compiled server's entry in `outDir`. */
export const serverEntry = (outDir: string) => path.join(outDir, "main.js");

/**
 * Packages left for Node to load from node_modules: PGlite reads its WebAssembly, data and extensions
 * from files beside its own modules, and pino starts its transports (pino-pretty) in a worker from a
 * file beside its own. `outDir` must therefore sit inside the project, where node_modules is found.
 */
const EXTERNAL = /^(@electric-sql\/pglite|pino|pino-pretty|thread-stream)(\/|$)/;

/** The chunk that holds the packages' code. */
const PACKAGES_CHUNK = "packages";

/**
 * Removes the source map of the chunk `name`: parsing the packages' map at start's first stack trace cost
 * more CPU than it was worth (docs/decisions/066).
 */
function withoutSourceMap(outDir: string, name: string): void {
  for (const file of readdirSync(outDir).filter((f) => f.startsWith(`${name}-`) && f.endsWith(".js"))) {
    const code = path.join(outDir, file);
    writeFileSync(code, readFileSync(code, "utf8").replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n"));
    rmSync(`${code}.map`, { force: true });
  }
}

/** Compiles server/main.ts into `outDir` (emptied first) and copies db/migrations there, where db/open.ts finds them. */
export async function buildServer(outDir: string = SERVER_OUT_DIR): Promise<void> {
  // Imported here: `npm start` reads where the build is without loading the bundler (a dev dependency).
  const { build } = await import("rolldown");
  rmSync(outDir, { recursive: true, force: true });
  await build({
    input: "server/main.ts",
    platform: "node",
    external: EXTERNAL,
    logLevel: "warn",
    onLog(level, log, handler) {
      // React Query's "use client" means nothing on the server.
      if (log.code === "MODULE_LEVEL_DIRECTIVE") return;
      handler(level, log);
    },
    output: {
      dir: outDir,
      format: "esm",
      sourcemap: true,
      // Mappings only (stack traces name the file and line); the sources are in the repository.
      sourcemapExcludeSources: true,
      // The packages the server loads at start in a chunk of their own, which keeps no source map (below);
      // those only imported later (PGlite's driver, better-auth's other databases) stay in chunks of their own.
      codeSplitting: { groups: [{ name: PACKAGES_CHUNK, tags: ["$initial"], test: /[\\/]node_modules[\\/]/ }] },
    },
  });
  withoutSourceMap(outDir, PACKAGES_CHUNK);
  cpSync("db/migrations", path.join(outDir, "migrations"), { recursive: true });
}

if (import.meta.main) {
  const started = performance.now();
  await buildServer();
  console.log(`server compiled into ${SERVER_OUT_DIR} in ${Math.round(performance.now() - started)} ms`);
}

// npm start: builds the SPA when dist/ is missing or older than its sources, and the server when
// dist/.server/ is (a few seconds), then starts the compiled server (which migrates the database and,
// when embedded and empty, fills it with demo data). Compiled, it is ready in a fraction of the CPU its
// sources take to load (docs/decisions/066).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { enableCompileCache } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { SERVER_OUT_DIR, serverEntry } from "./build-server.ts";
import { ensureServerMessages } from "./server-messages.ts";

const WEB_SOURCES = ["src", "messages", "domain", "public", "index.html", "vite.config.ts", "package.json"];
const WEB_BUILT = "dist/index.html";
/** What the compiled server is made of: ours, the messages it writes mails in, and the packages it holds. */
const SERVER_SOURCES = [
  "server",
  "db",
  "domain",
  "messages",
  "package.json",
  "package-lock.json",
  "patches",
  "scripts/build-server.ts",
];
const SERVER_BUILT = serverEntry(SERVER_OUT_DIR);
// Written by `npm run gen` and by paraglide's compiles (the tests run some): not sources. A test run
// touching them made the next `npm start` rebuild for half a minute.
const GENERATED = new Set([
  path.join("src", "paraglide"),
  path.join("src", "routeTree.gen.ts"),
  path.join("messages", "project.inlang", "cache"),
  path.join("server", "i18n", "paraglide"),
]);

function newestChange(entry: string): number {
  if (!existsSync(entry) || GENERATED.has(entry) || /\.test\.tsx?$/.test(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

const stale = (built: string, sources: string[]) =>
  !existsSync(built) || Math.max(...sources.map(newestChange)) > statSync(built).mtimeMs;

function run(script: string): void {
  const build = spawnSync("npm", ["run", script], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (process.env.SKIP_BUILD !== "true") {
  if (stale(WEB_BUILT, WEB_SOURCES)) {
    console.log("Building the web app and the server (dist/ is missing or out of date)…");
    run("build");
  } else if (stale(SERVER_BUILT, SERVER_SOURCES)) {
    console.log("Compiling the server (dist/.server/ is missing or out of date)…");
    // The server's compile holds its messages (server/i18n/paraglide): made first when missing or stale.
    ensureServerMessages();
    run("build:server");
  }
}

if (existsSync(SERVER_BUILT)) {
  // Stack traces name our source files and lines, as when run from sources.
  process.setSourceMapsEnabled(true);
  // Node keeps what it compiled of the server (in the system's temporary folder): the next start skips it.
  enableCompileCache();
  await import(pathToFileURL(path.resolve(SERVER_BUILT)).href);
} else {
  // SKIP_BUILD=true without a build: the sources, as `npm run serve` runs them.
  ensureServerMessages();
  await import("../server/main.ts");
}

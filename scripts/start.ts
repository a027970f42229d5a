// npm start: builds the SPA when dist/ is missing or older than its sources, then starts the server
// (which migrates the database and, when embedded and empty, fills it with demo data).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

import { ensureServerMessages } from "./server-messages.ts";

const SOURCES = ["src", "messages", "domain", "public", "index.html", "vite.config.ts", "package.json"];
const BUILT = "dist/index.html";
// Written by `npm run gen` and by paraglide's compiles (the tests run some): not sources. A test run
// touching them made the next `npm start` rebuild for half a minute.
const GENERATED = new Set([
  path.join("src", "paraglide"),
  path.join("src", "routeTree.gen.ts"),
  path.join("messages", "project.inlang", "cache"),
]);

function newestChange(entry: string): number {
  if (!existsSync(entry) || GENERATED.has(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

const stale = !existsSync(BUILT) || Math.max(...SOURCES.map(newestChange)) > statSync(BUILT).mtimeMs;
if (stale && process.env.SKIP_BUILD !== "true") {
  console.log("Building the web app (dist/ is missing or out of date)…");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The build compiles the messages; with dist/ up to date, the server's compile may still be missing.
ensureServerMessages();
await import("../server/main.ts");

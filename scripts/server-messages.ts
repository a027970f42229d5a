// The server writes e-mails and pushes from its own compile of the messages (server/i18n/paraglide,
// generated, not committed). `npm start` and `npm run serve` make it first when it is missing or older
// than the catalogues; `npm run gen` (run by test, validate, build and dev) always does.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const COMPILED = "server/i18n/paraglide/messages/_index.js";
const PROJECT = "messages/project.inlang/settings.json";

function newestCatalogue(): number {
  const catalogues = readdirSync("messages")
    .filter((name) => name.endsWith(".json"))
    .map((name) => statSync(path.join("messages", name)).mtimeMs);
  return Math.max(statSync(PROJECT).mtimeMs, ...catalogues);
}

/** Runs `npm run gen` when the server's compiled messages are missing or stale; exits if it fails. */
export function ensureServerMessages(): void {
  if (existsSync(COMPILED) && statSync(COMPILED).mtimeMs >= newestCatalogue()) return;
  console.log("Compiling the messages (server/i18n/paraglide is missing or out of date)…");
  const gen = spawnSync("npm", ["run", "gen"], { stdio: "inherit" });
  if (gen.status !== 0) process.exit(gen.status ?? 1);
}

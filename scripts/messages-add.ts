// Adds or updates messages in all ten messages/{locale}.json files from one file shaped
// { "key": { "en": "...", "ru": "...", ... } } (plural messages may be given as their JSON array).
// Several people may add messages at once: a lock file keeps each merge whole.
// Usage: npm run messages:add -- path/to/new-messages.json
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";

import { LANGUAGE_CODES } from "../domain/languages.ts";

const input = process.argv[2];
if (!input) {
  console.error("usage: npm run messages:add -- <file.json>");
  process.exit(2);
}
const additions = JSON.parse(readFileSync(input, "utf8")) as Record<string, Record<string, unknown>>;
for (const [key, byLocale] of Object.entries(additions)) {
  if (!/^[a-z][a-z0-9_]*$/.test(key)) throw new Error(`message key must be snake_case: ${key}`);
  const missing = LANGUAGE_CODES.filter((l) => byLocale[l] === undefined || byLocale[l] === "");
  if (missing.length) throw new Error(`${key}: missing ${missing.join(", ")}`);
}

const lock = "messages/.lock";
const deadline = Date.now() + 10_000;
let fd: number | undefined;
while (fd === undefined) {
  try {
    fd = openSync(lock, "wx");
  } catch {
    if (Date.now() > deadline) throw new Error(`could not take ${lock}; remove it if no merge is running`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
try {
  for (const locale of LANGUAGE_CODES) {
    const file = `messages/${locale}.json`;
    const messages = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    for (const [key, byLocale] of Object.entries(additions)) messages[key] = byLocale[locale];
    writeFileSync(`${file}.tmp`, `${JSON.stringify(messages, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
  }
} finally {
  closeSync(fd);
  rmSync(lock, { force: true });
}
console.log(`merged ${Object.keys(additions).length} messages into ${LANGUAGE_CODES.length} locales`);

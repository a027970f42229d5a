// What a first visit to / downloads before the list can show: the entry chunk and what it imports
// statically, the home route's component if it is split off, and the first-screen part of one
// language's messages (the largest, as the worst case), counted as sent: brotli, as the server serves
// it to browsers (gzip is listed beside it). Not counted, because nothing on the first screen waits for
// it: the rest of the language (`messages/xx.js?rest`), fetched when the browser is idle, and the code
// of controls fetched when first used (docs/decisions/024).
//
//   npx tsx scripts/first-load.ts [dist]    # prints each file and the total
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { importsOf, type Manifest } from "../server/http/vite-manifest.ts";

/** The home page's component as Vite's manifest names it when split off (scripts/router-options.ts keeps it in). */
const HOME_CHUNK = "src/routes/index.tsx?tsr-split=component";

export type FirstLoad = {
  /** Each file with its size as sent: brotli, and gzip for comparison (a file under 1 KB is sent as it is). */
  files: { file: string; bytes: number; gzip: number }[];
  total: number;
  totalGzip: number;
  language: string;
};

function sent(dist: string, file: string, encoding: "br" | "gz" = "br"): number {
  const compressed = path.join(dist, `${file}.${encoding}`);
  return statSync(existsSync(compressed) ? compressed : path.join(dist, file)).size;
}

/** The files of a first load, one a line with brotli and gzip sizes, and the totals. */
export function listing(load: FirstLoad): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
  return [
    `${"brotli".padStart(9)} ${"gzip".padStart(9)}`,
    ...load.files.map((f) => `${kb(f.bytes)} ${kb(f.gzip)}  ${f.file}`),
    `${kb(load.total)} ${kb(load.totalGzip)}  in ${load.files.length} files (messages: ${load.language}, first screen's)`,
  ].join("\n");
}

/** The JavaScript files of a first load of / in the build at `dist`, with their compressed sizes. */
export function firstLoadOfHome(dist: string): FirstLoad {
  const manifest: Manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"));
  const languages = Object.keys(manifest).filter((key) => /^src\/paraglide\/messages\/[a-z]{2}\.js$/.test(key));
  if (!manifest["index.html"] || languages.length === 0) {
    throw new Error(`${dist} is not a build of this app (entry or languages missing)`);
  }
  const fileOf = (key: string) => manifest[key]?.file ?? key;
  const largest = languages.reduce((a, b) => (sent(dist, fileOf(a)) >= sent(dist, fileOf(b)) ? a : b));
  const seen = importsOf(manifest, ["index.html", HOME_CHUNK, largest]);
  const files = [...seen]
    .map(fileOf)
    .map((file) => ({ file, bytes: sent(dist, file), gzip: sent(dist, file, "gz") }))
    .sort((a, b) => b.bytes - a.bytes);
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  const totalGzip = files.reduce((sum, f) => sum + f.gzip, 0);
  return { files, total, totalGzip, language: path.basename(largest, ".js") };
}

if (import.meta.main) console.log(listing(firstLoadOfHome(process.argv[2] ?? "dist")));

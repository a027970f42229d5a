// What a first visit to / downloads before the list can show: the entry chunk and what it imports
// statically, the home route's component if it is split off, and one language's messages
// (the largest, as the worst case), counted as sent (brotli, as the server serves them).
//
//   npx tsx scripts/first-load.ts [dist]    # prints each file and the total
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { importsOf, type Manifest } from "../server/http/vite-manifest.ts";

/** The home page's component as Vite's manifest names it when split off (scripts/router-options.ts keeps it in). */
const HOME_CHUNK = "src/routes/index.tsx?tsr-split=component";

export type FirstLoad = { files: { file: string; bytes: number }[]; total: number; language: string };

function sent(dist: string, file: string): number {
  const compressed = path.join(dist, `${file}.br`);
  return statSync(existsSync(compressed) ? compressed : path.join(dist, file)).size;
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
    .map((file) => ({ file, bytes: sent(dist, file) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { files, total: files.reduce((sum, f) => sum + f.bytes, 0), language: path.basename(largest, ".js") };
}

if (import.meta.main) {
  const load = firstLoadOfHome(process.argv[2] ?? "dist");
  for (const f of load.files) console.log(`${(f.bytes / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(`${(load.total / 1024).toFixed(1).padStart(7)} KB  in ${load.files.length} files (messages: ${load.language})`);
}

// What a first visit to a page downloads before it can show (entry, the page's route and its static imports,
// the first part of the language), counted as sent, brotli; lazy and signed-in code is not (docs/decisions/024).
//
//   npx tsx scripts/first-load.ts [dist] [home|job] [ru|en|…]    # prints each file and the total
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { importsOf, type Manifest } from "../server/http/vite-manifest.ts";

/** The pages measured: their route component as Vite's manifest names it. */
const PAGES = {
  home: { chunk: "src/routes/index.tsx?tsr-split=component" },
  job: { chunk: "src/routes/jobs/$jobId.tsx?tsr-split=component" },
};
export type MeasuredPage = keyof typeof PAGES;

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
    `${kb(load.total)} ${kb(load.totalGzip)}  in ${load.files.length} files (messages: ${load.language})`,
  ].join("\n");
}

/** The languages a build at `dist` has messages for. */
export function languagesOf(dist: string): string[] {
  const manifest: Manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"));
  return Object.keys(manifest).flatMap((key) => /^src\/paraglide\/messages\/([a-z]{2})\.js$/.exec(key)?.[1] ?? []);
}

/**
 * The JavaScript files of a first load of `page` in the build at `dist` for a reader of `language` (the
 * language whose first part is largest when not given), with their compressed sizes.
 */
export function firstLoadOf(dist: string, page: MeasuredPage, language?: string): FirstLoad {
  const manifest: Manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"));
  const languages = Object.keys(manifest).filter((key) => /^src\/paraglide\/messages\/[a-z]{2}\.js$/.test(key));
  if (!manifest["index.html"] || languages.length === 0) {
    throw new Error(`${dist} is not a build of this app (entry or languages missing)`);
  }
  const fileOf = (key: string) => manifest[key]?.file ?? key;
  const messages = language
    ? `src/paraglide/messages/${language}.js`
    : languages.reduce((a, b) => (sent(dist, fileOf(a)) >= sent(dist, fileOf(b)) ? a : b));
  if (!manifest[messages]) throw new Error(`${dist} has no messages for ${language}`);
  const seen = importsOf(manifest, ["index.html", PAGES[page].chunk, messages]);
  const files = [...seen]
    .map(fileOf)
    .map((file) => ({ file, bytes: sent(dist, file), gzip: sent(dist, file, "gz") }))
    .sort((a, b) => b.bytes - a.bytes);
  const total = files.reduce((sum, f) => sum + f.bytes, 0);
  const totalGzip = files.reduce((sum, f) => sum + f.gzip, 0);
  return { files, total, totalGzip, language: path.basename(messages, ".js") };
}

if (import.meta.main) {
  console.log(listing(firstLoadOf(process.argv[2] ?? "dist", (process.argv[3] ?? "home") as MeasuredPage, process.argv[4])));
}

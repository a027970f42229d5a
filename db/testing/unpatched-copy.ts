import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** One hunk of a patch-package patch: the text before and after it, in the file it changes. */
type Hunk = { file: string; before: string; after: string };

/** The hunks of a unified diff as patch-package writes it (`a/node_modules/<package>/<file>`). */
function parseHunks(patch: string, packageName: string): Hunk[] {
  const hunks: Hunk[] = [];
  let file = "";
  let current: { before: string[]; after: string[] } | null = null;
  const flush = () => {
    if (current) hunks.push({ file, before: current.before.join("\n"), after: current.after.join("\n") });
    current = null;
  };
  for (const line of patch.split("\n")) {
    if (line.startsWith("diff --git ")) {
      flush();
      file = line.split(" ")[2]?.slice(`a/node_modules/${packageName}/`.length) ?? "";
    } else if (line.startsWith("@@")) {
      flush();
      current = { before: [], after: [] };
    } else if (current && !line.startsWith("---") && !line.startsWith("+++") && !line.startsWith("\\")) {
      if (line.startsWith("-") || line.startsWith(" ")) current.before.push(line.slice(1));
      if (line.startsWith("+") || line.startsWith(" ")) current.after.push(line.slice(1));
    }
  }
  flush();
  return hunks.filter((hunk) => hunk.after.trim() !== "" || hunk.before.trim() !== "");
}

/** The patch file for `packageName` in patches/, whatever version it names. */
export function patchFileOf(packageName: string): string | null {
  const prefix = `${packageName.replace("/", "+")}+`;
  const name = readdirSync(path.join(ROOT, "patches")).find((file) => file.startsWith(prefix) && file.endsWith(".patch"));
  return name ? `patches/${name}` : null;
}

/**
 * A copy, in a temporary folder, of the installed package's `folder` as its release ships it: our
 * patch's hunks reversed where the installed files have them (docs/upgrading-dependencies.md). Loaded
 * beside the installed one, it tells whether the release still has the bug the patch fixes.
 */
export function unpatchedCopy(packageName: string, folder: string): { dir: string; reversed: number } {
  const installed = path.join(ROOT, "node_modules", packageName);
  const dir = mkdtempSync(path.join(os.tmpdir(), "unpatched-"));
  cpSync(path.join(installed, folder), path.join(dir, folder), { recursive: true });
  // Its files are ES modules as the package says (its package.json is not copied).
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  const patchFile = patchFileOf(packageName);
  let reversed = 0;
  if (patchFile) {
    for (const hunk of parseHunks(readFileSync(path.join(ROOT, patchFile), "utf8"), packageName)) {
      if (!hunk.file.startsWith(`${folder}/`)) continue;
      const target = path.join(dir, hunk.file);
      const text = readFileSync(target, "utf8");
      if (!text.includes(hunk.after)) continue;
      writeFileSync(target, text.replace(hunk.after, hunk.before));
      reversed += 1;
    }
  }
  return { dir, reversed };
}

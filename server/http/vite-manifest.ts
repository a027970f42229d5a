/** The part of Vite's build manifest read here: each chunk's file and the chunks it imports. */
export type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The manifest keys of `roots` and everything they import, statically, present in the build. */
export function importsOf(manifest: Manifest, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  roots.forEach(visit);
  return seen;
}

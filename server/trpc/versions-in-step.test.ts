import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// tRPC's packages work together only at one version (docs/working-in-this-repo.md, Stack facts); package.json
// gives them ranges, so this checks what the lock installed.
const scope = new URL("../../node_modules/@trpc/", import.meta.url);

describe("tRPC's packages", () => {
  it("are installed at one version", () => {
    const versions = readdirSync(scope).map((name) => {
      const manifest = JSON.parse(readFileSync(new URL(`${name}/package.json`, scope), "utf8")) as { version: string };
      return `${name}@${manifest.version}`;
    });
    expect(versions.length).toBeGreaterThanOrEqual(3);
    expect(new Set(versions.map((entry) => entry.split("@")[1])).size, versions.join(", ")).toBe(1);
  });
});

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, expect, it } from "vitest";

import { firstLoadOfHome, listing } from "./first-load.ts";

// The compressed (brotli, as sent) JavaScript a first visit to / downloads before the list shows;
// scripts/first-load.ts says what it counts and what not. Issue 14's goal is 150 KB; this ceiling only
// ever comes down, so nothing grows the first load unnoticed. Of the reader's language only the
// messages the first load's code uses are in it (4 KB for ru, docs/decisions/024), so a new message
// counts when the first screen shows it. 141 KB brotli (163 KB gzip) when set.
const CEILING_KB = 144;

const outDir = await mkdtemp(path.join(os.tmpdir(), "daywork-first-load-"));
afterAll(() => rm(outDir, { recursive: true, force: true }));

it(
  `a first load of / sends at most ${CEILING_KB} KB of compressed JavaScript, in the reader's language only`,
  { timeout: 240_000 },
  async () => {
    // vitest sets NODE_ENV=test, under which Vite builds packages' development code (React's, and
    // TanStack Router's `development` export) and `import.meta.env.DEV` code: build as `vite build` does.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await build({
        configFile: path.resolve("vite.config.ts"),
        mode: "production",
        logLevel: "error",
        build: { outDir, emptyOutDir: true, sourcemap: false },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    const load = firstLoadOfHome(outDir);
    expect(load.total / 1024, `first load of /:\n${listing(load)}`).toBeLessThanOrEqual(CEILING_KB);
    // One language's messages, its first-screen part: no other language's chunk, nor the rest of this
    // one (`ru-rest-….js`), is reachable from the first load.
    const languages = load.files.filter((f) => /^assets\/(ru|en|uz|kk|tk|es|de|fr|ar|zh)-[\w-]+\.js$/.test(f.file));
    expect(languages.map((f) => f.file)).toEqual([expect.not.stringMatching(/-rest-/)]);
  },
);

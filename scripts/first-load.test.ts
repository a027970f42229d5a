import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";

import { firstLoadOf, listing } from "./first-load.ts";
import { productionBuild } from "./production-build.ts";

// The compressed (brotli, as sent) JavaScript a first visit downloads before the page shows;
// scripts/first-load.ts says what it counts and what not. Issue 14's goal for / is 150 KB; these
// ceilings only ever come down, so nothing grows a first load unnoticed. Of the reader's language only
// the messages the first screen's code uses are in home's (4 KB for ru, docs/decisions/024), so a new
// message counts when the first screen shows it. When set: / 141 KB brotli (163 KB gzip); a job page
// 167 KB (193 KB gzip), the rest of the language included, down from 239 KB once what only signed-in
// people see there loaded on its own.
const CEILING_KB = { home: 144, job: 170 };

const outDir = await mkdtemp(path.join(os.tmpdir(), "daywork-first-load-"));
afterAll(() => rm(outDir, { recursive: true, force: true }));

beforeAll(async () => {
  await productionBuild({ outDir, emptyOutDir: true, sourcemap: false });
}, 240_000);

/** The files of one language's messages among a first load's. */
const languageFiles = (files: { file: string }[]) =>
  files.map((f) => f.file).filter((file) => /^assets\/(ru|en|uz|kk|tk|es|de|fr|ar|zh)-[\w-]+\.js$/.test(file));

it(`a first load of / sends at most ${CEILING_KB.home} KB of compressed JavaScript, in the reader's language only`, () => {
  const load = firstLoadOf(outDir, "home");
  expect(load.total / 1024, `first load of /:\n${listing(load)}`).toBeLessThanOrEqual(CEILING_KB.home);
  // One language's messages, its first-screen part: no other language's chunk, nor the rest of this
  // one (`ru-rest-….js`), is reachable from the first load.
  expect(languageFiles(load.files)).toEqual([expect.not.stringMatching(/-rest-/)]);
});

it(`a first load of a job page sends at most ${CEILING_KB.job} KB of compressed JavaScript`, () => {
  const load = firstLoadOf(outDir, "job");
  expect(load.total / 1024, `first load of /jobs/{id}:\n${listing(load)}`).toBeLessThanOrEqual(CEILING_KB.job);
  // The first screen's messages and the rest of the same language: nothing of another.
  expect(languageFiles(load.files)).toHaveLength(2);
});

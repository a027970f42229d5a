import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { firstLoadOf, languagesOf, listing } from "./first-load.ts";
import { productionBuild } from "./production-build.ts";

// First-load JavaScript (brotli, as sent) per page and language, under ceilings that only ever come down, so
// nothing grows a first load unnoticed; the figures when they were set are in docs/decisions/052.
const CEILING_KB = { home: 150, job: 150 };
const LANGUAGES = ["ru", "en", "uz", "kk", "tk", "es", "de", "fr", "ar", "zh"];

const outDir = await mkdtemp(path.join(os.tmpdir(), "daywork-first-load-"));
afterAll(() => rm(outDir, { recursive: true, force: true }));

beforeAll(async () => {
  await productionBuild({ outDir, emptyOutDir: true, sourcemap: false });
}, 240_000);

/** The files of one language's messages among a first load's. */
const languageFiles = (files: { file: string }[]) =>
  files.map((f) => f.file).filter((file) => /^assets\/(ru|en|uz|kk|tk|es|de|fr|ar|zh)-[\w-]+\.js$/.test(file));

it("builds messages for each of the ten languages", () => {
  expect(languagesOf(outDir).sort()).toEqual([...LANGUAGES].sort());
});

describe.each(LANGUAGES)("a reader of %s", (language) => {
  it(`sends at most ${CEILING_KB.home} KB of compressed JavaScript on a first load of /, in their language only`, () => {
    const load = firstLoadOf(outDir, "home", language);
    expect(load.total / 1024, `first load of / in ${language}:\n${listing(load)}`).toBeLessThanOrEqual(CEILING_KB.home);
    // One language's messages, its first part: no other language's chunk, nor the rest of this one
    // (`ru-rest-….js`), is reachable from the first load.
    expect(languageFiles(load.files)).toEqual([expect.stringMatching(new RegExp(`^assets/${language}-(?!rest-)`))]);
  });

  it(`sends at most ${CEILING_KB.job} KB of compressed JavaScript on a first load of a job page, in their language only`, () => {
    const load = firstLoadOf(outDir, "job", language);
    expect(load.total / 1024, `first load of /jobs/{id} in ${language}:\n${listing(load)}`).toBeLessThanOrEqual(CEILING_KB.job);
    // The first part of the language holds the job page's messages: not the rest, nor another language.
    expect(languageFiles(load.files)).toEqual([expect.stringMatching(new RegExp(`^assets/${language}-(?!rest-)`))]);
  });
});

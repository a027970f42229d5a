import { eq } from "drizzle-orm";
import superjson from "superjson";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer } from "../../db/factories/users.ts";
import { jobs, jobTranslations } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { fakeTranslation, libreTranslateBehaviour, startProviderStandIn, type ProviderStandIn } from "./provider-stand-in.ts";
import { contentHash } from "./translate-job.ts";

// The stand-in has no Turkmen model installed.
const libre = libreTranslateBehaviour({ codes: ["en", "ru", "de", "ar", "zh-Hans"], apiKey: "lt-key" });
let standIn: ProviderStandIn;
let t: TestApp;
// What the procedures log (through ctx.log, the request's logger) at warn level.
const warnings: object[] = [];
const logger = {
  level: "warn",
  stream: { write: (line: string) => void warnings.push(JSON.parse(line) as object) },
};

beforeAll(async () => {
  standIn = await startProviderStandIn(libre);
  t = await createTestApp({
    env: {
      TRANSLATE_PROVIDER: "libretranslate",
      LIBRETRANSLATE_URL: standIn.url,
      LIBRETRANSLATE_API_KEY: "lt-key",
      TRANSLATE_TIMEOUT_MS: "400",
    },
    logger,
  });
});
beforeEach(() => {
  standIn.answer(libre);
  standIn.requests.length = 0;
  warnings.length = 0;
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const newJob = async (input: Parameters<typeof createJob>[2] = {}) => createJob(t.db, (await createEmployer(t.db)).id, input);
const rowsOf = (jobId: string) => t.db.select().from(jobTranslations).where(eq(jobTranslations.jobId, jobId));

describe("translate.available", () => {
  it("names the provider and the languages it covers, for visitors too", async () => {
    const answer = await t.callerAs(null).translate.available();
    expect(answer).toEqual({ enabled: true, provider: "libretranslate", languages: ["ru", "en", "de", "ar", "zh"] });
  });

  it("is disabled when no provider is configured", async () => {
    const off = await createTestApp();
    try {
      expect(await off.callerAs(null).translate.available()).toEqual({ enabled: false, provider: null, languages: [] });
      const job = await createJob(off.db, (await createEmployer(off.db)).id, { language: "en" });
      await expect(off.callerAs(null).translate.job({ jobId: job.id, targetLanguage: "ru" })).rejects.toMatchObject({
        code: "PRECONDITION_FAILED",
        message: "error_translate_unavailable",
      });
    } finally {
      await off.close();
    }
  });
});

describe("translate.job", () => {
  it("translates a job for a visitor once, then serves it from the cache", async () => {
    const job = await newJob({ language: "en", title: "Warehouse helper", description: "Help unload trucks at the warehouse." });
    const first = await t.callerAs(null).translate.job({ jobId: job.id, targetLanguage: "ru" });
    expect(first).toEqual({
      translatedTitle: fakeTranslation("ru", "Warehouse helper"),
      translatedDescription: fakeTranslation("ru", "Help unload trucks at the warehouse."),
      cached: false,
    });
    expect(standIn.hits("POST", "/translate")).toBe(1);

    const second = await t.callerAs(null).translate.job({ jobId: job.id, targetLanguage: "ru" });
    expect(second).toEqual({ ...first, cached: true });
    expect(standIn.hits("POST", "/translate")).toBe(1);

    const rows = await rowsOf(job.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ targetLanguage: "ru", provider: "libretranslate", contentHash: contentHash(job) });
  });

  it("translates again after the job's title or description changed, replacing the stale row", async () => {
    const job = await newJob({ language: "en", title: "Cleaner", description: "Clean the office after the party." });
    await t.callerAs(null).translate.job({ jobId: job.id, targetLanguage: "de" });

    await t.db.update(jobs).set({ title: "Office cleaner" }).where(eq(jobs.id, job.id));
    const afterTitle = await t.callerAs(null).translate.job({ jobId: job.id, targetLanguage: "de" });
    expect(afterTitle).toMatchObject({ translatedTitle: fakeTranslation("de", "Office cleaner"), cached: false });

    await t.db.update(jobs).set({ description: "Clean two floors of the office." }).where(eq(jobs.id, job.id));
    const afterDescription = await t.callerAs(null).translate.job({ jobId: job.id, targetLanguage: "de" });
    expect(afterDescription).toMatchObject({
      translatedDescription: fakeTranslation("de", "Clean two floors of the office."),
      cached: false,
    });
    expect(standIn.hits("POST", "/translate")).toBe(3);

    const rows = await rowsOf(job.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.contentHash).toBe(
      contentHash({ language: "en", title: "Office cleaner", description: "Clean two floors of the office." }),
    );
    expect(rows[0]?.translatedTitle).toBe(fakeTranslation("de", "Office cleaner"));
  });

  it("keeps one row per target language", async () => {
    const job = await newJob({ language: "ru", title: "Грузчик", description: "Разгрузка фур на складе." });
    await t.callerAs(null).translate.job({ jobId: job.id, targetLanguage: "en" });
    await t.callerAs(null).translate.job({ jobId: job.id, targetLanguage: "zh" });
    const rows = await rowsOf(job.id);
    expect(rows.map((r) => r.targetLanguage).sort()).toEqual(["en", "zh"]);
    expect(standIn.requests.filter((r) => r.method === "POST").map((r) => r.body)).toMatchObject([
      { source: "ru", target: "en", api_key: "lt-key" },
      { source: "ru", target: "zh-Hans" },
    ]);
  });

  it("lets concurrent first readers all succeed with a single cached row", async () => {
    const job = await newJob({ language: "en" });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.callerAs(null).translate.job({ jobId: job.id, targetLanguage: "ar" })),
    );
    for (const answer of answers) expect(answer.translatedTitle).toBe(fakeTranslation("ar", job.title));
    expect(await rowsOf(job.id)).toHaveLength(1);
    expect(await t.callerAs(null).translate.job({ jobId: job.id, targetLanguage: "ar" })).toMatchObject({ cached: true });
  });

  it("answers the original without calling the provider when the job is already in that language", async () => {
    const job = await newJob({ language: "en" });
    const answer = await t.callerAs(null).translate.job({ jobId: job.id, targetLanguage: "en" });
    expect(answer).toEqual({ translatedTitle: job.title, translatedDescription: job.description, cached: false });
    expect(standIn.requests).toHaveLength(0);
    expect(await rowsOf(job.id)).toHaveLength(0);
  });

  it("translates jobs in any status, and refuses unknown jobs and bad input", async () => {
    const done = await newJob({ language: "en", status: "completed" });
    await expect(t.callerAs(null).translate.job({ jobId: done.id, targetLanguage: "ru" })).resolves.toMatchObject({
      cached: false,
    });
    await expect(
      t.callerAs(null).translate.job({ jobId: "8c1f8c7e-3a1b-4a55-9a55-2c3d4e5f6a7b", targetLanguage: "ru" }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "error_job_not_found",
    });
    // A malformed id names no job: the schema refuses it with the same message, never the database.
    for (const jobId of ["not-a-uuid", "x".repeat(65)]) {
      await expectRefusal(t.callerAs(null).translate.job({ jobId, targetLanguage: "ru" }), "BAD_REQUEST", ERR.jobNotFound);
    }
    // @ts-expect-error: not one of our languages
    await expect(t.callerAs(null).translate.job({ jobId: done.id, targetLanguage: "pt" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("refuses a language the provider lacks with a clear key and no provider call", async () => {
    const job = await newJob({ language: "en" });
    await expect(t.callerAs(null).translate.job({ jobId: job.id, targetLanguage: "tk" })).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: "error_translate_unavailable",
    });
    expect(standIn.hits("POST", "/translate")).toBe(0);
  });

  it("reports a provider error, a malformed answer and a timeout as 'Failed to translate job', caching nothing", async () => {
    const job = await newJob({ language: "en" });
    const languages = { status: 200, json: [{ code: "en" }, { code: "ru" }] };
    const failures = [
      { reply: { status: 500, json: { error: "Cannot translate text: model crashed" } }, code: "BAD_GATEWAY" },
      { reply: { status: 200, text: "not json at all" }, code: "BAD_GATEWAY" },
      { reply: "hang" as const, code: "GATEWAY_TIMEOUT" },
    ];
    for (const failure of failures) {
      standIn.answer((r) => (r.method === "GET" ? languages : failure.reply));
      await expect(t.callerAs(null).translate.job({ jobId: job.id, targetLanguage: "ru" })).rejects.toMatchObject({
        code: failure.code,
        message: "error_translate_failed",
      });
    }
    expect(await rowsOf(job.id)).toHaveLength(0);
    expect(warnings).toHaveLength(3);
    expect(warnings.map((w) => (w as { reason: string }).reason)).toEqual(["http", "malformed", "timeout"]);
  });

  it("answers HTTP clients with the English text and key, never provider internals", async () => {
    const job = await newJob({ language: "en" });
    standIn.answer((r) =>
      r.method === "GET"
        ? { status: 200, json: [{ code: "en" }, { code: "ru" }] }
        : { status: 500, json: { error: "secret internals" } },
    );
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({ jobId: job.id, targetLanguage: "ru" })));
    const response = await t.app.inject({ method: "GET", url: `/api/trpc/translate.job?input=${input}` });
    expect(response.statusCode).toBe(502);
    expect(response.body).not.toContain("secret internals");
    const body = response.json() as { error: { json: { message: string; data: { messageKey: string; code: string } } } };
    expect(body.error.json.message).toBe("Failed to translate job");
    expect(body.error.json.data).toMatchObject({ messageKey: "error_translate_failed", code: "BAD_GATEWAY" });
  });
});

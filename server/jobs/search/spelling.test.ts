import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../../db/factories/jobs.ts";
import { createEmployer } from "../../../db/factories/users.ts";
import { jobs, searchWords } from "../../../db/schema/index.ts";
import { refreshSpellingDictionary } from "../../../db/search-words.ts";
import { ERR } from "../../../domain/errors.ts";
import { expectRefusal } from "../../testing/refusal.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { correctedText, correctedTexts } from "./spelling.ts";

// Typos corrected against the words of open jobs (docs/decisions/042, 051).
let t: TestApp;
let employerId: string;
beforeAll(async () => {
  t = await createTestApp();
  employerId = (await createEmployer(t.db, { fullName: "Ivan Berezin", companyName: "Birch Café" })).id;
  const job = (title: string, description: string, status: "open" | "completed" = "open") =>
    createJob(t.db, employerId, { title, description, category: "other", status });
  // "plumber" in three open jobs, "plumbers" in one: the more common of two equally similar words wins.
  for (let i = 0; i < 3; i++) await job(`Plumber for a flat ${i}`, "Replace the kitchen taps.");
  await job("Plumbers wanted", "Two people for a day of pipework.");
  await job("Курьер на выходные", "Разносить заказы по центру.");
  // A word that only a finished job has is not a word of open jobs.
  await job("Glassblower", "A finished job's word.", "completed");
});
afterAll(() => t.close());

describe("correcting a search text", () => {
  it("replaces each word open jobs lack by the most similar word they have, the most common first", async () => {
    expect(await correctedText(t.db, "plumbr")).toBe("plumber");
    expect(await correctedText(t.db, "курер")).toBe("курьер");
    expect(await correctedText(t.db, "kitchn plumbr")).toBe("kitchen plumber");
  });

  it("keeps the words open jobs have and the rest of the text as typed, and answers null when nothing changed", async () => {
    expect(await correctedText(t.db, 'Plumber "kitchn" -tapz')).toBe('Plumber "kitchen" -taps');
    expect(await correctedText(t.db, "plumber kitchen")).toBeNull();
    // Nothing like it: left as typed, so nothing is found rather than something unrelated.
    expect(await correctedText(t.db, "xylophone")).toBeNull();
    // Too short to tell, or no letters at all.
    expect(await correctedText(t.db, "pl 2024")).toBeNull();
  });

  it("offers the words of open jobs only: a new job's at once, a finished job's no more", async () => {
    expect(await correctedText(t.db, "glasblower")).toBeNull();
    const fresh = await createJob(t.db, employerId, {
      title: "Upholsterer",
      description: "Recover six dining chairs.",
      category: "other",
    });
    // Kept in the posting's transaction (docs/decisions/051): no refresh in between.
    expect(await correctedText(t.db, "upholsterr")).toBe("upholsterer");
    expect((await correctedTexts(t.db, ["upholsterr"], { jobId: fresh.id })).get("upholsterr")).toBe("upholsterer");
    await t.db.update(jobs).set({ status: "completed" }).where(eq(jobs.id, fresh.id));
    expect(await correctedText(t.db, "upholsterr")).toBeNull();
    expect(await t.db.$count(searchWords, eq(searchWords.word, "upholsterer"))).toBe(0);
    // A deleted job's words go in the deleting transaction too (an account's deletion deletes its jobs).
    const gone = await createJob(t.db, employerId, {
      title: "Harpsichord mover",
      description: "Carry it down two floors.",
      category: "other",
    });
    expect(await correctedText(t.db, "harpsicord")).toBe("harpsichord");
    await t.db.delete(jobs).where(eq(jobs.id, gone.id));
    expect(await correctedText(t.db, "harpsicord")).toBeNull();
    // The repair counts the same words as the triggers kept.
    const kept = await t.db.select().from(searchWords).orderBy(searchWords.word);
    await refreshSpellingDictionary(t.db);
    expect(await t.db.select().from(searchWords).orderBy(searchWords.word)).toEqual(kept);
  });

  it("never corrects a word of the marketplace, nor into a word much shorter or unlike it", async () => {
    await createJob(t.db, employerId, {
      title: "Diwar reňklemek",
      description: "Aşgabatda diwary reňklemek üçin kömekçi gerek, reňk bar.",
      category: "other",
      language: "tk",
    });
    expect(await t.db.$count(searchWords, eq(searchWords.word, "bar"))).toBe(1);
    // A Catering trade in any language, whether or not a Catering job is open.
    expect(await correctedText(t.db, "barista")).toBeNull();
    expect(await correctedText(t.db, "бариста")).toBeNull();
    expect(await correctedText(t.db, "coffee")).toBeNull();
    // Not a word anywhere, and "bar" is four edits away: left as typed.
    expect(await correctedText(t.db, "baristal")).toBeNull();
    // A word form of a word open jobs have, which a search reads alike: "pipeworks" of "pipework".
    expect(await correctedText(t.db, "pipeworks")).toBeNull();
  });

  it("looks up at most eight words of a text", async () => {
    const typed = Array.from({ length: 10 }, () => "plumbr").map((word, i) => `${word}${"x".repeat(i)}`);
    const corrected = await correctedText(t.db, typed.join(" "));
    expect(corrected?.split(" ").filter((word) => word === "plumber").length).toBeGreaterThan(0);
    expect(corrected?.split(" ").slice(8)).toEqual(typed.slice(8));
  });
});

describe("a search whose text finds nothing as written", () => {
  const search = (q: string, cursor: { at: string; id: string; corrected?: string } | null = null) =>
    t.callerAs(null).jobs.search({ q, cursor });

  it("is read corrected, and says so", async () => {
    const page = await search("plumbr");
    expect(page.corrected).toBe("plumber");
    // Read as "plumber", in every word form: "Plumbers wanted" too.
    expect(page.total).toBe(4);
    expect(page.items.every((job) => job.title.startsWith("Plumber"))).toBe(true);
    expect((await search("plumber")).corrected).toBeNull();
  });

  it("says nothing of a correction that finds nothing either", async () => {
    // "tapz" reads "taps", which only the plumbers' jobs have, none of them a cleaning job.
    const page = await t.callerAs(null).jobs.search({ q: "tapz", category: "cleaning" });
    expect(page).toMatchObject({ total: 0, corrected: null, items: [] });
    expect((await search("tapz")).corrected).toBe("taps");
  });

  it("is not corrected when it names an employer, whose jobs it finds", async () => {
    const page = await search("Berezin");
    expect(page.corrected).toBeNull();
    expect(page.total).toBeGreaterThan(0);
  });

  it("refuses a cursor whose correction is longer than any text corrects to", async () => {
    const forged = { at: new Date().toISOString(), id: randomUUID(), corrected: "x".repeat(401) };
    await expectRefusal(search("plumbr", forged), "BAD_REQUEST", ERR.cursorInvalid);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob, type NewJob } from "../../../db/factories/jobs.ts";
import { createEmployer } from "../../../db/factories/users.ts";
import { refreshSpellingDictionary } from "../../../db/search-words.ts";
import type { JobSearchInput } from "../../../domain/job-filters.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

// Search as people type it: category words in any of the ten languages, typos, word forms, employers'
// names, and the best match first. Each case names the job it must find among jobs that must not crowd it out.
let t: TestApp;
const found: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  const birch = await createEmployer(t.db, { fullName: "Ivan Berezin", companyName: "Birch Café" });
  const other = await createEmployer(t.db, { fullName: "Olga Other", companyName: "Quiet Works" });
  const jobs: [string, NewJob, string][] = [
    // A delivery job whose own text never says "delivery" in any language.
    [
      "parcels",
      { title: "Parcel runner", description: "Carry parcels around the old town by bike.", category: "delivery" },
      other.id,
    ],
    [
      "courier-ru",
      { title: "Курьер на выходные", description: "Разносить заказы по центру города.", category: "other" },
      other.id,
    ],
    [
      "posylki",
      { title: "Доставка посылок", description: "Развозить посылки клиентам по адресам.", category: "other" },
      other.id,
    ],
    [
      "lieferung",
      { title: "Lieferung von Möbeln", description: "Möbel zu Kunden bringen und aufbauen.", category: "other" },
      other.id,
    ],
    ["livraison", { title: "Livraison de repas", description: "Livrer des repas chauds le midi.", category: "other" }, other.id],
    ["waiter", { title: "Banquet waiter", description: "Serve guests at a wedding banquet.", category: "catering" }, birch.id],
    [
      "painter",
      { title: "House painter", description: "Paint the fence of a country house.", category: "construction" },
      other.id,
    ],
    [
      "cleaning",
      { title: "Office cleaning", description: "Clean two floors of offices in the evening.", category: "cleaning" },
      other.id,
    ],
  ];
  for (const [key, input, employerId] of jobs) found[key] = (await createJob(t.db, employerId, input)).id;
  // Filler that shares no words with any query below.
  for (let i = 0; i < 25; i++)
    await createJob(t.db, other.id, {
      title: `Filler shift ${i}`,
      description: "Ordinary tasks, tools on site.",
      category: "retail",
    });
  // As the background queue does every few minutes: the words typos are corrected to.
  await refreshSpellingDictionary(t.db);
});
afterAll(() => t.close());

const search = (input: JobSearchInput) => t.callerAs(null).jobs.search(input);

describe("search that understands people", () => {
  const cases: [query: string, expected: string, why: string][] = [
    ["delivery", "parcels", "the category's English name"],
    ["доставка", "parcels", "the category's Russian name"],
    ["Lieferdienst", "parcels", "the category's German name"],
    ["توصيل", "parcels", "the category's Arabic word"],
    ["delivry", "parcels", "a typo of the category's name"],
    ["курер", "courier-ru", "a typo of a word in the title"],
    ["посылки", "posylki", "another Russian word form"],
    ["Lieferungen", "lieferung", "a German plural"],
    ["livraisons", "livraison", "a French plural"],
    ["waiters", "waiter", "an English plural"],
    ["Birch Café", "waiter", "the employer's company"],
    ["Berezin", "waiter", "the employer's name"],
    ["PAINTER", "painter", "letter case"],
  ];
  it.each(cases)("%s finds the %s job (%s)", async (query, expected) => {
    const page = await search({ q: query });
    expect(page.items.map((job) => job.id)).toContain(found[expected]);
    expect(page.total).toBeGreaterThan(0);
  });

  it("never finds what is not there", async () => {
    for (const q of ["xylophone", "ксилофон"]) expect((await search({ q })).total).toBe(0);
  });

  it("ranks a title match above a match of the category or the description, ties newest first", async () => {
    const owner = await createEmployer(t.db);
    const inDescription = await createJob(t.db, owner.id, {
      title: "Weekend helper",
      description: "Some gardening, and then painting.",
    });
    const inTitle = await createJob(t.db, owner.id, { title: "Painting a garage door", description: "One day of work." });
    const page = await search({ q: "painting" });
    const order = page.items.map((job) => job.id);
    expect(order.indexOf(inTitle.id)).toBeLessThan(order.indexOf(inDescription.id));
  });

  it("pages a ranked list exactly: every match once, in the order of one long list", async () => {
    const owner = await createEmployer(t.db);
    for (let i = 0; i < 45; i++)
      await createJob(t.db, owner.id, {
        // Three kinds of match, so ranks differ and repeat.
        title: i % 3 === 0 ? `Snow shovel crew ${i}` : `Helper ${i}`,
        description: i % 3 === 1 ? "Bring a snow shovel and gloves." : "Clear the yard of snow by noon.",
        category: "other",
      });
    const seen: string[] = [];
    let cursor: JobSearchInput["cursor"] = null;
    for (let guard = 0; guard < 10; guard++) {
      const page = await search({ q: "snow shovel", cursor });
      seen.push(...page.items.map((job) => job.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    const whole = (await t.callerAs(null).jobs.search({ q: "snow shovel" })).total;
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(whole);
    expect(whole).toBeGreaterThanOrEqual(30);
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../../db/database.ts";
import { CITY } from "../../../db/factories/places.ts";
import { jobs } from "../../../db/schema/index.ts";
import type { JobCreateInput } from "../../../domain/jobs.ts";
import { signUpMember, type SignedUp } from "../../testing/accounts.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import {
  fakeTranslation,
  libreTranslateBehaviour,
  startProviderStandIn,
  type ProviderStandIn,
  type StandInHandler,
} from "../../translate/provider-stand-in.ts";
import { validJobInput } from "../job-test-kit.ts";

// Issue 34, item 8 (docs/decisions/051): "barista" found nothing while a Russian "Бариста-помощник" was
// open and was "corrected" to "bar" (a wall-painting job in Ashgabat); "coffee festival" found nothing;
// a new job's words were unknown to the typo correction for up to five minutes.
const libre = libreTranslateBehaviour({ codes: ["en", "ru", "tk"] });
// The provider's English for the Russian festival job; anything else reads "[target] text".
const ENGLISH: Record<string, string> = {
  "Помощник на фестиваль": "Festival helper",
  "Разливать напитки гостям городского фестиваля кофе.": "Pour drinks for the guests of the city coffee festival.",
};
const provider: StandInHandler = (request) => {
  const body = request.body as { q?: unknown; target?: string } | null;
  if (request.path !== "/translate" || !Array.isArray(body?.q) || !body.target) return libre(request);
  const target = body.target;
  return {
    status: 200,
    json: {
      translatedText: body.q.map((text) => (target === "en" && ENGLISH[String(text)]) || fakeTranslation(target, String(text))),
    },
  };
};

let standIn: ProviderStandIn;
let t: TestApp;
let employer: SignedUp;
const posted = { barista: "", wall: "", festival: "" };

const post = async (input: Partial<JobCreateInput>) => {
  const created = await t.callerAs(employer.id).jobs.create(validJobInput(input));
  return created.id;
};
const search = (q: string) => t.callerAs(null).jobs.search({ q });
const titlesFound = async (q: string) => (await search(q)).items.map((job) => job.title);

beforeAll(async () => {
  standIn = await startProviderStandIn(provider);
  t = await createTestApp({
    env: { TRANSLATE_PROVIDER: "libretranslate", LIBRETRANSLATE_URL: standIn.url, TRANSLATE_TIMEOUT_MS: "2000" },
  });
  employer = await signUpMember(t, { name: "Anna Petrova", userType: "employer" });
  posted.barista = await post({
    title: "Бариста-помощник",
    description: "Помогать за стойкой кофейни: готовить напитки и убирать зал.",
    category: "catering",
    cityId: CITY.moscow,
    language: "ru",
  });
  posted.wall = await post({
    title: "Diwar reňklemek",
    description: "Aşgabatda öýüň diwaryny reňklemek üçin kömekçi gerek, reňk bar.",
    category: "construction",
    cityId: CITY.ashgabat,
    language: "tk",
  });
  posted.festival = await post({
    title: "Помощник на фестиваль",
    description: "Разливать напитки гостям городского фестиваля кофе.",
    category: "other",
    cityId: CITY.moscow,
    language: "ru",
  });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

describe("search across languages", () => {
  it("finds the Russian Бариста-помощник by barista, бариста or coffee through its category, with no correction", async () => {
    for (const q of ["barista", "Barista", "бариста", "coffee", "кофе", "Kaffee"]) {
      const page = await search(q);
      expect(page.corrected, q).toBeNull();
      expect(
        page.items.map((job) => job.id),
        q,
      ).toContain(posted.barista);
      expect(
        page.items.map((job) => job.id),
        q,
      ).not.toContain(posted.wall);
    }
  });

  it("finds a Russian job by its English machine translation once the provider has translated it", async () => {
    // Posting queued its translation for search; nothing has run it yet.
    expect(await titlesFound("coffee festival")).toEqual([]);
    await t.runBackground();
    expect(standIn.hits("POST", "/translate")).toBeGreaterThan(0);
    const page = await search("coffee festival");
    expect(page.items.map((job) => job.id)).toEqual([posted.festival]);
    expect(page.corrected).toBeNull();
    // The translation's words are words of the marketplace too: a typo in them is corrected.
    expect((await search("festivl")).corrected).toBe("festival");
  });

  it("finds a job of the category by coffee and its own word by festival, without a provider", async () => {
    const id = await post({
      title: "Summer festival stall",
      description: "Serve drinks at our stall at the summer festival.",
      category: "catering",
      language: "en",
    });
    const found = (await search("coffee festival")).items.map((job) => job.id);
    expect(found).toEqual(expect.arrayContaining([id, posted.festival]));
  });

  it("stops finding a job by a translation of the text it no longer has, until it is translated again", async () => {
    await t.callerAs(employer.id).jobs.update({
      ...validJobInput({ category: "other", cityId: CITY.moscow, language: "ru" }),
      jobId: posted.festival,
      title: "Помощник на ярмарку",
      description: "Разливать напитки гостям городской ярмарки.",
    });
    const translatedText = async () =>
      (await t.db.select({ text: jobs.translatedText }).from(jobs).where(eq(jobs.id, posted.festival)))[0]?.text;
    expect(await translatedText()).toBe("");
    expect((await search("coffee festival")).items.map((job) => job.id)).not.toContain(posted.festival);
    await t.runBackground();
    // The stand-in knows no English for the new text: it answers "[en] ..." for it.
    expect(await translatedText()).toContain("[en] Помощник на ярмарку");
    expect((await search("coffee festival")).items.map((job) => job.id)).not.toContain(posted.festival);
  });
});

describe("a provider that fails", () => {
  it("leaves the job found by its own words, and its translation to be tried again", async () => {
    standIn.answer(() => ({ status: 500, json: { error: "Internal Server Error" } }));
    try {
      const id = await post({
        title: "Официант на банкет",
        description: "Обслуживать гостей на свадебном банкете.",
        category: "other",
        language: "ru",
      });
      await t.runBackground();
      const [row] = await t.db.select({ text: jobs.translatedText }).from(jobs).where(eq(jobs.id, id));
      expect(row?.text).toBe("");
      expect((await search("банкет")).items.map((job) => job.id)).toContain(id);
      // The queue keeps the job to retry: it failed, it is not done.
      const [queued] = await queryRows<{ state: string }>(
        t.db,
        sql`select state::text from pgboss.job where name = 'search-translation' and data->>'jobId' = ${id}`,
      );
      expect(queued?.state).toMatch(/retry|failed/);
    } finally {
      standIn.answer(provider);
    }
  });
});

describe("typo correction", () => {
  it("never corrects barista into bar, even with no Catering job open", async () => {
    await t.db.update(jobs).set({ status: "cancelled" }).where(eq(jobs.category, "catering"));
    const page = await search("barista");
    expect(page).toMatchObject({ corrected: null, total: 0, items: [] });
    expect(await titlesFound("baristta")).toEqual([]);
  });

  it("corrects to a new job's word as soon as it is posted", async () => {
    const id = await post({
      title: "Upholsterer for dining chairs",
      description: "Recover six dining chairs in velvet.",
      language: "en",
    });
    const page = await search("upholsterr");
    expect(page.corrected).toBe("upholsterer");
    expect(page.items.map((job) => job.id)).toEqual([id]);
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "../../db/factories/jobs.ts";
import { CITY } from "../../db/factories/places.ts";
import { createSavedSearch } from "../../db/factories/saved-searches.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import { savedSearches, savedSearchMatches } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { LIMITS } from "../../domain/limits.ts";
import { callHttp } from "../jobs/job-test-kit.ts";
import { signUpMember } from "../testing/accounts.ts";
import { expectRefusal } from "../testing/refusal.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { listSavedSearches } from "./saved-searches.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("savedSearches.create", () => {
  it("keeps the search normalized, and saving it again answers the one kept", async () => {
    const worker = await createWorker(t.db);
    const me = t.callerAs(worker.id);
    const first = await me.savedSearches.create({
      filters: { q: "  loader ", category: "moving", cityId: CITY.kazan, km: 25, lat: 10, lng: 20, currency: "EUR" },
    });
    expect(first).toMatchObject({ created: true, alerts: "instant" });
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, first.id));
    // Blank parts, a position beside a city and a currency without a price range are not kept.
    expect(row?.filters).toEqual({ q: "loader", category: "moving", cityId: CITY.kazan, km: 25 });

    const again = await me.savedSearches.create({
      filters: { km: 25, cityId: CITY.kazan, category: "moving", q: "loader", startDate: undefined },
      alerts: "daily",
    });
    expect(again).toEqual({ id: first.id, alerts: "instant", created: false });
    expect(await me.savedSearches.list()).toHaveLength(1);
  });

  it("drops the cursor of the page the person was on", async () => {
    const worker = await signUpMember(t, { name: "Wendy Web" });
    const res = await callHttp(
      t,
      "mutation",
      "savedSearches.create",
      { filters: { q: "garden", cursor: { at: "2024-05-01T12:00:00.000000Z", id: randomUUID() } } },
      worker.cookie,
    );
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.userId, worker.id));
    expect(row?.filters).toEqual({ q: "garden" });
  });

  it("refuses nothing to save, an unknown city and a bad filter with a translated message", async () => {
    const me = t.callerAs((await createWorker(t.db)).id);
    await expectRefusal(me.savedSearches.create({ filters: {} }), "BAD_REQUEST", ERR.savedSearchEmpty);
    await expectRefusal(me.savedSearches.create({ filters: { q: "   ", km: 10 } }), "BAD_REQUEST", ERR.savedSearchEmpty);
    await expectRefusal(me.savedSearches.create({ filters: { cityId: 999_999_999 } }), "BAD_REQUEST", ERR.jobCityUnknown);
    await expectRefusal(me.savedSearches.create({ filters: { category: "nope" as "moving" } }), "BAD_REQUEST", ERR.filterInvalid);
    await expectRefusal(me.savedSearches.create({ filters: { q: "x".repeat(201) } }), "BAD_REQUEST", ERR.searchTooLong);
    await expectRefusal(me.savedSearches.create({ filters: { q: "a\u0000b" } }), "BAD_REQUEST", ERR.textControlCharacters);
    expect(await me.savedSearches.list()).toEqual([]);
  });

  it("keeps half a surrogate pair as the search reads it, not as a server error", async () => {
    const me = t.callerAs((await createWorker(t.db)).id);
    const saved = await me.savedSearches.create({ filters: { q: "paint\ud800" } });
    expect((await me.savedSearches.list()).map((s) => s.filters)).toEqual([{ q: "paint\ufffd" }]);
    expect(await me.savedSearches.create({ filters: { q: "paint\ud800" } })).toMatchObject({ id: saved.id, created: false });
  });

  it(`keeps at most ${LIMITS.savedSearches} per person`, async () => {
    const worker = await createWorker(t.db);
    const me = t.callerAs(worker.id);
    for (let i = 0; i < LIMITS.savedSearches; i += 1) await me.savedSearches.create({ filters: { q: `search ${i}` } });
    await expectRefusal(me.savedSearches.create({ filters: { q: "one too many" } }), "BAD_REQUEST", ERR.savedSearchLimit);
    // One already kept is still answered at the limit.
    expect(await me.savedSearches.create({ filters: { q: "search 3" } })).toMatchObject({ created: false });
    expect(await me.savedSearches.list()).toHaveLength(LIMITS.savedSearches);
    // Another person's searches do not count.
    expect(await t.callerAs((await createWorker(t.db)).id).savedSearches.create({ filters: { q: "mine" } })).toMatchObject({
      created: true,
    });
  });

  it("holds the limit when saves race", async () => {
    const worker = await createWorker(t.db);
    const me = t.callerAs(worker.id);
    for (let i = 0; i < LIMITS.savedSearches - 2; i += 1) await createSavedSearch(t.db, worker.id, { q: `kept ${i}` });
    const queries = ["a", "b", "c", "d", "a"];
    const results = await Promise.allSettled(queries.map((q) => me.savedSearches.create({ filters: { q: `race ${q}` } })));
    // Two places were left: two searches get them, whichever the saves' order lets in first. Every other
    // save is refused for the limit, except a second "a" after a first one that got in: that is the
    // same search, answered with the one kept.
    const saved = results.flatMap((r, i) => (r.status === "fulfilled" ? [{ q: queries[i], ...r.value }] : []));
    expect(new Set(saved.map((s) => s.id)).size).toBe(2);
    expect(saved.filter((s) => s.created)).toHaveLength(2);
    expect(saved.filter((s) => !s.created).every((s) => s.q === "a")).toBe(true);
    for (const r of results)
      if (r.status === "rejected") await expectRefusal(Promise.reject(r.reason), "BAD_REQUEST", ERR.savedSearchLimit);
    expect(await me.savedSearches.list()).toHaveLength(LIMITS.savedSearches);
  });
});

describe("savedSearches.list, update and remove: the caller's own only", () => {
  it("lists newest first with the city's name in the reader's language", async () => {
    const worker = await createWorker(t.db);
    const older = await createSavedSearch(t.db, worker.id, { cityId: CITY.moscow, km: 10 });
    const newer = await createSavedSearch(t.db, worker.id, { category: "cleaning" }, "daily");
    await t.db
      .update(savedSearches)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(savedSearches.id, older.id));
    const list = await t.callerAs(worker.id).savedSearches.list();
    expect(list.map((s) => s.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({ alerts: "daily", filters: { category: "cleaning" }, cityName: null });
    expect(list[1]?.cityName).toBe("Moscow");
    expect((await listSavedSearches(t.db, worker.id, "ru"))[1]?.cityName).toBe("Москва");
  });

  it("changes the alerts, lets pending digest matches go when leaving daily, and deletes", async () => {
    const worker = await createWorker(t.db);
    const me = t.callerAs(worker.id);
    const search = await createSavedSearch(t.db, worker.id, { category: "moving" }, "daily");
    const job = await createJob(t.db, (await createEmployer(t.db)).id);
    await t.db.insert(savedSearchMatches).values({ savedSearchId: search.id, jobId: job.id });
    expect(await me.savedSearches.update({ id: search.id, alerts: "daily" })).toEqual({ id: search.id, alerts: "daily" });
    const [waiting] = await t.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, search.id));
    expect(waiting?.notifiedAt).toBeNull();
    expect(await me.savedSearches.update({ id: search.id, alerts: "off" })).toEqual({ id: search.id, alerts: "off" });
    const [letGo] = await t.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, search.id));
    expect(letGo?.notifiedAt).not.toBeNull();
    expect(await me.savedSearches.remove({ id: search.id })).toEqual({ id: search.id });
    expect(await me.savedSearches.list()).toEqual([]);
    expect(await t.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, search.id))).toEqual([]);
  });

  it("answers another person's saved search exactly like a missing one, and leaves it alone", async () => {
    const owner = await createWorker(t.db);
    const search = await createSavedSearch(t.db, owner.id, { q: "private plans" });
    const stranger = t.callerAs((await createWorker(t.db)).id);
    expect(JSON.stringify(await stranger.savedSearches.list())).not.toContain(search.id);
    for (const id of [search.id, randomUUID()]) {
      await expectRefusal(stranger.savedSearches.update({ id, alerts: "off" }), "NOT_FOUND", ERR.notFound);
      await expectRefusal(stranger.savedSearches.remove({ id }), "NOT_FOUND", ERR.notFound);
    }
    await expectRefusal(stranger.savedSearches.remove({ id: "not-a-uuid" }), "BAD_REQUEST", ERR.notFound);
    const [still] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(still).toMatchObject({ alerts: "instant", filters: { q: "private plans" } });
  });

  it("needs a session", async () => {
    const res = await callHttp(t, "query", "savedSearches.list", undefined);
    expect(res.status).toBe(401);
    expect(res.error?.messageKey).toBe(ERR.unauthorized);
  });
});

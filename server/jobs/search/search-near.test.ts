import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApplication, createJob, type NewJob } from "../../../db/factories/jobs.ts";
import { CITY } from "../../../db/factories/places.ts";
import { createEmployer, createWorker } from "../../../db/factories/users.ts";
import { ERR } from "../../../domain/errors.ts";
import type { JobSearchInput } from "../../../domain/job-filters.ts";
import { expectRefusal } from "../../testing/refusal.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

// Where jobs are: a gazetteer city (its names in every language are searchable), a public district,
// and a private address; "within N km" of a city or a position, and the country.
let t: TestApp;
let owner: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await createEmployer(t.db);
});
afterAll(() => t.close());

const make = (input: NewJob) => createJob(t.db, owner.id, input);
const search = (input: JobSearchInput, language: "en" | "ru" = "en") =>
  t.callerWithHeaders({ "x-locale": language }).then((caller) => caller.jobs.search(input));
const ids = async (input: JobSearchInput) => (await search(input)).items.map((j) => j.id).sort();

// Tashkent in the gazetteer; one degree of latitude on earthdistance's sphere (radius 6,378,168 m).
const TASHKENT = { lat: 41.26465, lng: 69.21627 };
const KM_PER_DEGREE = (2 * Math.PI * 6378.168) / 360;
/** A point `km` due south of Tashkent's centre. */
const southOfTashkent = (km: number) => ({ lat: TASHKENT.lat - km / KM_PER_DEGREE, lng: TASHKENT.lng });

describe("the place of a job", () => {
  it("is found by its city's name in any of our languages and by its district, never by its private address", async () => {
    const job = await make({
      title: "Courier on a bicycle",
      cityId: CITY.tashkent,
      district: "Chilonzor",
      address: "Bunyodkor 12",
    });
    for (const q of ["Tashkent", "Ташкент", "Toshkent", "塔什干", "chilonzor"]) expect(await ids({ q }), q).toContain(job.id);
    expect(await ids({ q: "Bunyodkor" })).not.toContain(job.id);
  });

  it("names the city in the reader's language on cards", async () => {
    const job = await make({ title: "Cashier for a weekend", cityId: CITY.kazan });
    const ru = (await search({ q: "cashier weekend" }, "ru")).items.find((j) => j.id === job.id);
    const en = (await search({ q: "cashier weekend" }, "en")).items.find((j) => j.id === job.id);
    expect(ru).toMatchObject({ cityName: "Казань", country: "RU", distanceKm: null });
    expect(en).toMatchObject({ cityName: "Kazan" });
  });
});

describe("within N km", () => {
  it("keeps jobs inside the distance and drops those just beyond it, measured from a position", async () => {
    const job = await make({ title: "Warehouse night shift", cityId: CITY.tashkent });
    const inside = await search({ q: "warehouse night", ...southOfTashkent(9.99), km: 10 });
    expect(inside.items.map((j) => j.id)).toContain(job.id);
    expect(inside.items.find((j) => j.id === job.id)?.distanceKm).toBeCloseTo(9.99, 1);
    const outside = await search({ q: "warehouse night", ...southOfTashkent(10.01), km: 10 });
    expect(outside.items.map((j) => j.id)).not.toContain(job.id);
    expect(outside.total).toBe(0);
  });

  it("measures from a chosen city, shows each job's distance, and leaves far cities out", async () => {
    const here = await make({ title: "Market porter", cityId: CITY.tashkent });
    const far = await make({ title: "Market porter", cityId: CITY.almaty });
    const near = await search({ q: "market porter", cityId: CITY.tashkent, km: 15 });
    expect(near.items.map((j) => j.id)).toEqual([here.id]);
    expect(near.items[0]?.distanceKm).toBeCloseTo(0, 3);
    // Without a distance the point only measures: every job, each with how far it is (Almaty ~ 680 km).
    const measured = await search({ q: "market porter", cityId: CITY.tashkent });
    expect(measured.items.map((j) => j.id).sort()).toEqual([here.id, far.id].sort());
    expect(measured.items.find((j) => j.id === far.id)?.distanceKm).toBeGreaterThan(600);
  });

  it("filters by country", async () => {
    const uz = await make({ title: "Harvest helper", cityId: CITY.tashkent });
    const kz = await make({ title: "Harvest helper", cityId: CITY.almaty });
    expect(await ids({ q: "harvest helper", country: "UZ" })).toEqual([uz.id]);
    expect(await ids({ q: "harvest helper", country: "KZ" })).toEqual([kz.id]);
  });

  it("refuses a city the gazetteer does not hold, and distances that are not offered", async () => {
    await expectRefusal(search({ cityId: 999_999_999, km: 10 }), "BAD_REQUEST", ERR.jobCityUnknown);
    await expectRefusal(search({ cityId: CITY.tashkent, km: 7 }), "BAD_REQUEST", ERR.filterInvalid);
    await expectRefusal(search({ lat: 91, lng: 0 }), "BAD_REQUEST", ERR.filterInvalid);
  });
});

describe("the street address", () => {
  it("is read by the owner and accepted workers only; the public sees city and district", async () => {
    const job = await make({ title: "Shelf stacker", cityId: CITY.kazan, district: "Vakhitovsky", address: "Baumana 1" });
    const [hired, pending] = [await createWorker(t.db), await createWorker(t.db)];
    await createApplication(t.db, job.id, hired.id, { status: "accepted" });
    await createApplication(t.db, job.id, pending.id);
    const addressFor = async (userId: string | null) => (await t.callerAs(userId).jobs.byId({ jobId: job.id })).address;
    expect(await addressFor(owner.id)).toBe("Baumana 1");
    expect(await addressFor(hired.id)).toBe("Baumana 1");
    expect(await addressFor(pending.id)).toBeNull();
    expect(await addressFor(null)).toBeNull();
    expect(await t.callerAs(null).jobs.byId({ jobId: job.id })).toMatchObject({ cityName: "Kazan", district: "Vakhitovsky" });
  });
});

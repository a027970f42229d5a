import { randomUUID } from "node:crypto";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createAcceptedApplication } from "../../db/factories/hiring.ts";
import { createApplication, createJob } from "../../db/factories/jobs.ts";
import { CITY } from "../../db/factories/places.ts";
import { createRating } from "../../db/factories/ratings.ts";
import { createEmployer, createWorker } from "../../db/factories/users.ts";
import type { Job } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { findJobDetails, jobDetailsQuery } from "./job-details.ts";

// The job page is a prepared statement (one per database handle, values bound per view): whoever reads
// it first, each reader must get what the query answers for them, as before it was prepared.
let t: TestApp;
let job: Job;
let hiddenJob: Job;
const who: Record<"owner" | "hiddenOwner" | "hired" | "pending" | "stranger", string> = {
  owner: "",
  hiddenOwner: "",
  hired: "",
  pending: "",
  stranger: "",
};

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createEmployer(t.db, { fullName: "Owner Olga", bio: "Moving since 2010", location: "Kazan" });
  const hidden = await createEmployer(t.db, { bio: "Private bio", location: "Secret town", privacyProfileVisible: false });
  const [hired, pending, stranger] = [await createWorker(t.db), await createWorker(t.db), await createWorker(t.db)];
  Object.assign(who, { owner: owner.id, hiddenOwner: hidden.id, hired: hired.id, pending: pending.id, stranger: stranger.id });
  job = await createJob(t.db, owner.id, { cityId: CITY.kazan, district: "Vakhitovsky", address: "Baumana 1", maxWorkers: 3 });
  await createAcceptedApplication(t.db, job.id, hired.id);
  await createApplication(t.db, job.id, pending.id);
  hiddenJob = await createJob(t.db, hidden.id, { status: "completed", address: "Quiet lane 5" });
  await createAcceptedApplication(t.db, hiddenJob.id, hired.id);
  await createRating(t.db, { jobId: hiddenJob.id, fromUserId: hired.id, toUserId: hidden.id, rating: 4 });
});
afterAll(() => t.close());

/** Every kind of reader, in an order that switches between those who may read the address and those who may not. */
const readers = (): [string, string | null][] => [
  ["owner", who.owner],
  ["anonymous", null],
  ["hired", who.hired],
  ["pending", who.pending],
  ["owner again", who.owner],
  ["stranger", who.stranger],
  ["hidden profile's owner", who.hiddenOwner],
  ["anonymous again", null],
];

describe("the job page, prepared", () => {
  it("shows the street address to the owner and accepted workers only, whoever asked before", async () => {
    const mayRead = new Set([who.owner, who.hired]);
    for (const [name, reader] of readers()) {
      const seen = await findJobDetails(t.db, job.id, reader, "en");
      expect(seen?.address, name).toBe(reader && mayRead.has(reader) ? "Baumana 1" : null);
      expect(seen, name).toMatchObject({ id: job.id, cityName: "Kazan", district: "Vakhitovsky" });
      expect(seen?.employer, name).toMatchObject({ fullName: "Owner Olga", bio: "Moving since 2010", location: "Kazan" });
    }
  });

  it("keeps a hidden profile's bio and location to its owner, and the address to its owner and accepted workers", async () => {
    for (const [name, reader] of readers()) {
      const seen = await findJobDetails(t.db, hiddenJob.id, reader, "en");
      const own = reader === who.hiddenOwner;
      expect(seen?.employer, name).toMatchObject(
        own ? { bio: "Private bio", location: "Secret town" } : { bio: null, location: null, profileVisible: false },
      );
      expect(seen?.address, name).toBe(own || reader === who.hired ? "Quiet lane 5" : null);
    }
  });

  it("answers exactly what the same query answers unprepared, for every reader and language", async () => {
    for (const target of [job, hiddenJob]) {
      for (const [name, reader] of readers()) {
        for (const language of ["en", "ru"] as const) {
          const prepared = await findJobDetails(t.db, target.id, reader, language);
          const [plain] = await jobDetailsQuery(t.db).execute({ jobId: target.id, viewerId: reader ?? "", language });
          expect(prepared, `${name} ${language}`).toEqual(plain);
        }
      }
    }
    expect((await findJobDetails(t.db, job.id, null, "ru"))?.cityName).toBe("Казань");
    expect((await findJobDetails(t.db, hiddenJob.id, null, "en"))?.employerRating).toEqual(
      (await jobDetailsQuery(t.db).execute({ jobId: hiddenJob.id, viewerId: "", language: "en" }))[0]?.employerRating,
    );
  });

  it("carries the zone the job's days count in: its city's, and for a job without a city its owner's, to the owner only", async () => {
    expect((await findJobDetails(t.db, job.id, null, "en"))?.timeZone).toBe("Europe/Moscow");
    const owner = await createEmployer(t.db, { timeZone: "Asia/Almaty" });
    const placeless = await createJob(t.db, owner.id, { cityId: null });
    expect((await findJobDetails(t.db, placeless.id, owner.id, "en"))?.timeZone).toBe("Asia/Almaty");
    expect((await findJobDetails(t.db, placeless.id, who.stranger, "en"))?.timeZone).toBeNull();
  });

  it("is null for a job that is not there, and reads inside a transaction too", async () => {
    expect(await findJobDetails(t.db, randomUUID(), who.owner, "en")).toBeNull();
    await t.db.transaction(async (tx) => {
      expect((await findJobDetails(tx, job.id, who.owner, "en"))?.address).toBe("Baumana 1");
      expect((await findJobDetails(tx, job.id, null, "en"))?.address).toBeNull();
    });
  });

  it.runIf(process.env.TEST_DATABASE_URL)("runs on Postgres as a prepared statement, its values bound", async () => {
    const client = (t.db as unknown as { $client: postgres.Sql }).$client;
    const unsafe = vi.spyOn(client, "unsafe");
    try {
      await findJobDetails(t.db, job.id, who.hired, "en");
      const call = unsafe.mock.calls.find(([text]) => text.includes("employer_rating"));
      expect(call?.[2]).toEqual({ prepare: true });
      expect(call?.[1]).toContain(job.id);
      expect(call?.[0]).not.toContain(job.id);
    } finally {
      unsafe.mockRestore();
    }
  });
});

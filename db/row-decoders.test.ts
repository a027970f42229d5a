import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { jobDetailsQuery } from "../server/jobs/job-details.ts";
import { pageQuery } from "../server/jobs/search/search-test-kit.ts";
import { createJob } from "./factories/jobs.ts";
import { createEmployer } from "./factories/users.ts";
import { decodeRowsOnce } from "./row-decoders.ts";
import { jobs, profiles } from "./schema/index.ts";
import { openTestDatabase, type TestDatabase } from "./testing/test-database.ts";

describe("rows decoded with decoders found once", () => {
  let database: TestDatabase;
  let jobId: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    const employer = await createEmployer(database.db, { fullName: "Ada Employer", companyName: null });
    jobId = (await createJob(database.db, employer.id, { title: "Night shift", skills: ["forklift"], hourlyRate: 12.5 })).id;
    await createJob(database.db, employer.id, { title: "Day shift", status: "completed" });
  });
  afterAll(async () => database.close());

  it("come out as drizzle's own mapper makes them: a page of the home list (a subquery's columns, SQL, aliases)", async () => {
    const query = () => pageQuery(database.db, { search: {}, language: sql.placeholder("language") });
    const fast = query().prepare("decoders_list_fast");
    expect(decodeRowsOnce(fast)).toBe(true);
    const rows = await fast.execute({ language: "ru" });
    expect(rows).toEqual(await query().prepare("decoders_list_drizzle").execute({ language: "ru" }));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: jobId,
      skills: ["forklift"],
      hourlyRate: 12.5,
      employerRating: { average: null, count: 0 },
    });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it("come out as drizzle's own mapper makes them: the job page (a nested object of an inner join)", async () => {
    const fast = jobDetailsQuery(database.db).prepare("decoders_job_fast");
    expect(decodeRowsOnce(fast)).toBe(true);
    const values = { jobId, viewerId: "", language: "en" };
    const [row] = await fast.execute(values);
    expect(row).toEqual((await jobDetailsQuery(database.db).prepare("decoders_job_drizzle").execute(values))[0]);
    expect(row?.employer).toMatchObject({ fullName: "Ada Employer", companyName: null });
  });

  it("are left to drizzle where a left join's object may become null", async () => {
    const query = () =>
      database.db
        .select({ title: jobs.title, employer: { id: profiles.id, fullName: profiles.fullName } })
        .from(jobs)
        .leftJoin(profiles, eq(profiles.id, sql`null::text`))
        .where(eq(jobs.id, sql.placeholder("jobId")));
    const prepared = query().prepare("decoders_left_join");
    expect(decodeRowsOnce(prepared)).toBe(false);
    expect(await prepared.execute({ jobId })).toEqual([{ title: "Night shift", employer: null }]);
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createJob } from "./factories/jobs.ts";
import { createEmployer } from "./factories/users.ts";
import { openDatabase } from "./open.ts";
import { plannedEachCall } from "./planned-each-call.ts";
import { jobs } from "./schema/index.ts";
import { openTestDatabase, type TestDatabase } from "./testing/test-database.ts";

describe("a statement planned for each call's values", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    const employer = await createEmployer(database.db, { fullName: "Ada Employer", companyName: null });
    await createJob(database.db, employer.id, { title: "Night shift", category: "cleaning", hourlyRate: 12.5 });
    await createJob(database.db, employer.id, { title: "Day shift", category: "moving", hourlyRate: 20 });
  });
  afterAll(async () => database.close());

  const byCategory = (db: TestDatabase["db"]) =>
    db
      .select({ title: jobs.title, rate: jobs.hourlyRate, createdAt: jobs.createdAt })
      .from(jobs)
      .where(eq(jobs.category, sql.placeholder("category")));

  it("is kept and run again with other values, its rows as drizzle makes them", async () => {
    const statement = plannedEachCall(byCategory(database.db));
    const cleaning = await statement.execute({ category: "cleaning" });
    expect(cleaning).toEqual(await byCategory(database.db).prepare("by_category").execute({ category: "cleaning" }));
    expect(cleaning).toMatchObject([{ title: "Night shift", rate: 12.5 }]);
    expect(cleaning[0]?.createdAt).toBeInstanceOf(Date);
    expect(await statement.execute({ category: "moving" })).toMatchObject([{ title: "Day shift", rate: 20 }]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("goes unnamed: Postgres keeps no plan of it on the connection", async () => {
    const one = await openDatabase({ databaseUrl: database.url ?? "", maxConnections: 1 });
    try {
      const statement = plannedEachCall(byCategory(one.db));
      for (let i = 0; i < 6; i++) await statement.execute({ category: i % 2 ? "moving" : "cleaning" });
      await byCategory(one.db).orderBy(jobs.title).prepare("by_category").execute({ category: "cleaning" });
      const kept = (await one.sql?.unsafe("select statement from pg_prepared_statements")) ?? [];
      // Only the statement prepared by name is there: the view shows this connection's statements.
      expect(kept.filter((row) => String(row.statement).includes('"category" = $1'))).toHaveLength(1);
    } finally {
      await one.close();
    }
  });
});

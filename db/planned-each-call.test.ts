import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Queryable } from "./database.ts";
import { createJob } from "./factories/jobs.ts";
import { createEmployer } from "./factories/users.ts";
import { openDatabase } from "./open.ts";
import { plannedEachCall } from "./planned-each-call.ts";
import { jobs } from "./schema/index.ts";
import { openTestDatabase, type TestDatabase } from "./testing/test-database.ts";

describe("the handle of statements planned for each call's values", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    const employer = await createEmployer(database.db, { fullName: "Ada Employer", companyName: null });
    await createJob(database.db, employer.id, { title: "Night shift", category: "cleaning" });
    await createJob(database.db, employer.id, { title: "Day shift", category: "moving" });
  });
  afterAll(async () => database.close());

  const byCategory = (db: Queryable, name: string) =>
    db
      .select({ title: jobs.title })
      .from(jobs)
      .where(eq(jobs.category, sql.placeholder("category")))
      .prepare(name);

  it("reads the same database", async () => {
    const statement = byCategory(plannedEachCall(database.db), "by_category");
    expect(await statement.execute({ category: "cleaning" })).toEqual([{ title: "Night shift" }]);
    expect(await statement.execute({ category: "moving" })).toEqual([{ title: "Day shift" }]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "is a pool of its own on Postgres, where a statement kept prepared is planned for each call, never once for all",
    async () => {
      const one = await openDatabase({ databaseUrl: database.url ?? "", maxConnections: 1 });
      try {
        const planned = plannedEachCall(one.db);
        expect(planned).not.toBe(one.db);
        const plansOf = async (db: Queryable) => {
          const statement = byCategory(db, "by_category");
          for (let i = 0; i < 8; i++) await statement.execute({ category: i % 2 ? "moving" : "cleaning" });
          const rows = (await db.execute(
            sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
                where statement like '%"category" = $1%'`,
          )) as unknown as { generic: number; custom: number }[];
          return rows;
        };
        expect(await plansOf(planned)).toEqual([{ generic: 0, custom: 8 }]);
        // The other pool plans it once for all values after five calls, as Postgres does by default.
        expect((await plansOf(one.db))[0]?.generic).toBeGreaterThan(0);
      } finally {
        await one.close();
      }
    },
  );
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../db/database.ts";
import { jobs } from "../../db/schema/index.ts";
import { CATEGORIES } from "../../domain/categories.ts";
import { JOB_STATUSES } from "../../domain/statuses.ts";
import { reliabilityOf } from "../reliability/figures.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { DEMO_LOGINS, seedDemoIfEmpty } from "./seed-demo.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoIfEmpty(t.db, t.auth)).toEqual(DEMO_LOGINS);
});
afterAll(() => t.close());

describe("demo data", () => {
  it("lets every demo login sign in", async () => {
    for (const login of DEMO_LOGINS) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: login.email, password: login.password },
        headers: { origin: t.config.publicUrl },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it("covers every category and every status", async () => {
    const rows = await queryRows<{ category: string; status: string }>(t.db, sql`select distinct category, status from jobs`);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(JOB_STATUSES));
  });

  it("has jobs paid both ways, through Daywork only where a provider can take the money (docs/decisions/078)", async () => {
    const rows = await queryRows<{ pay_mode: string; payable: boolean; n: number }>(
      t.db,
      sql`select pay_mode, (hourly_rate is not null and currency in ('RUB', 'EUR', 'GBP', 'USD')) as payable, count(*)::int as n
          from jobs group by 1, 2`,
    );
    expect(rows.filter((r) => r.pay_mode === "through_daywork").every((r) => r.payable)).toBe(true);
    expect(new Set(rows.map((r) => r.pay_mode))).toEqual(new Set(["through_daywork", "direct"]));
    // Both kinds among the demo employer's own jobs too, which are what a reviewer signs in to see.
    const own = await queryRows<{ pay_mode: string }>(
      t.db,
      sql`select distinct j.pay_mode from jobs j join "user" u on u.id = j.employer_id where u.email = 'employer@daywork.demo'`,
    );
    expect(new Set(own.map((r) => r.pay_mode))).toEqual(new Set(["through_daywork", "direct"]));
  });

  it("keeps accepted applications within capacity and in step with accepted_count", async () => {
    const mismatched = await queryRows(
      t.db,
      sql`
      select j.id from jobs j
      left join job_applications a on a.job_id = j.id and a.status = 'accepted'
      group by j.id having count(a.id) <> j.accepted_count or count(a.id) > j.max_workers`,
    );
    expect(mismatched).toEqual([]);
  });

  it("has reviews only on completed jobs, between the owner and accepted workers", async () => {
    const bad = await queryRows(
      t.db,
      sql`
      select r.id from ratings r join jobs j on j.id = r.job_id
      where j.status <> 'completed'
         or not (
           (r.from_user_id = j.employer_id and exists (select 1 from job_applications a where a.job_id = j.id and a.worker_id = r.to_user_id and a.status = 'accepted'))
           or (r.to_user_id = j.employer_id and exists (select 1 from job_applications a where a.job_id = j.id and a.worker_id = r.from_user_id and a.status = 'accepted')))`,
    );
    expect(bad).toEqual([]);
    expect(await t.db.$count(jobs)).toBeGreaterThan(150);
  });

  it("has days that agree with each job's status: nothing active is over, nothing completed is ahead", async () => {
    const disagreeing = await queryRows<{ status: string; start_date: string; duration_days: number }>(
      t.db,
      sql`select status, start_date::text, duration_days from jobs
          where (status in ('open', 'in_progress') and ends_at <= now())
             or (status = 'completed' and starts_at > now())`,
    );
    expect(disagreeing).toEqual([]);
    // Every job's clock is set, so search can tell which are over.
    expect(await queryRows(t.db, sql`select id from jobs where starts_at is null or ends_at is null`)).toEqual([]);
  });

  it("counts a completed job in a worker's history in their reliability figures", async () => {
    // Every hire on a completed job has its days recorded present.
    const unworked = await queryRows(
      t.db,
      sql`select a.id from job_applications a join jobs j on j.id = a.job_id
          where j.status = 'completed' and a.status = 'accepted'
            and (select count(*) from shift_attendance s where s.application_id = a.id and s.presence = 'present') <> j.duration_days`,
    );
    expect(unworked).toEqual([]);
    const [worker] = await queryRows<{ id: string }>(t.db, sql`select id from "user" where email = 'worker@daywork.demo'`);
    const figures = await reliabilityOf(t.db, worker?.id ?? "");
    const [history] = await queryRows<{ days: number }>(
      t.db,
      sql`select coalesce(sum(j.duration_days), 0)::int as days from job_applications a join jobs j on j.id = a.job_id
          where a.worker_id = ${worker?.id ?? ""} and a.status = 'accepted' and j.status = 'completed'`,
    );
    expect(history?.days).toBeGreaterThan(0);
    expect(figures.shiftsCompleted).toBe(history?.days);
  });

  it("does nothing on a database that already has data", async () => {
    expect(await seedDemoIfEmpty(t.db, t.auth)).toBeNull();
  });
});

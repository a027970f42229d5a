import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "../../db/database.ts";
import { createJob } from "../../db/factories/jobs.ts";
import { createEmployer } from "../../db/factories/users.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app.ts";
import { openJobsPageQuery, sitemapRoutes } from "./sitemap.ts";

let t: TestApp;
let openIds: string[];
let closedIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  const employer = await createEmployer(t.db);
  openIds = [];
  // Seven open jobs posted one after another (the sitemap lists them oldest first), and closed ones.
  for (let i = 0; i < 7; i++) {
    const createdAt = new Date(Date.UTC(2026, 0, 1 + i));
    openIds.push((await createJob(t.db, employer.id, { title: `Shift ${i}`, createdAt, updatedAt: createdAt })).id);
  }
  closedIds = [];
  for (const status of ["in_progress", "completed", "cancelled"] as const) {
    closedIds.push((await createJob(t.db, employer.id, { title: `Closed ${status}`, status })).id);
  }
  // Open, but its days are over: no longer listed anywhere (docs/decisions/048).
  closedIds.push((await createJob(t.db, employer.id, { title: "Ended", startDate: "2024-05-01" })).id);
});
afterAll(() => t.close());

/** The <loc> and <lastmod> pairs of a sitemap or sitemap index. */
function entriesOf(xml: string): { loc: string; lastmod: string }[] {
  return [...xml.matchAll(/<(?:url|sitemap)><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/(?:url|sitemap)>/g)].map((m) => ({
    loc: m[1] ?? "",
    lastmod: m[2] ?? "",
  }));
}

/** The same routes with a small page, so the index is reached without 50,001 jobs. */
async function withPageSize(pageSize: number) {
  const app = Fastify({ logger: false });
  await app.register(sitemapRoutes, { db: t.db, publicUrl: `${TEST_ORIGIN}/`, pageSize });
  return app;
}

describe("/sitemap.xml", () => {
  it("lists every open job's page, oldest first, with when it last changed, and no other job", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(
      res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'),
    ).toBe(true);
    const entries = entriesOf(res.body);
    expect(entries.map((e) => e.loc)).toEqual(openIds.map((id) => `${TEST_ORIGIN}/jobs/${id}`));
    expect(entries[0]?.lastmod).toBe("2026-01-01T00:00:00.000Z");
    for (const id of closedIds) expect(res.body).not.toContain(id);
  });

  it("becomes an index of pages past one page's worth, each page with its newest change", async () => {
    const app = await withPageSize(3);
    const index = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(entriesOf(index.body)).toEqual([
      { loc: `${TEST_ORIGIN}/sitemap-jobs-1.xml`, lastmod: "2026-01-03T00:00:00.000Z" },
      { loc: `${TEST_ORIGIN}/sitemap-jobs-2.xml`, lastmod: "2026-01-06T00:00:00.000Z" },
      { loc: `${TEST_ORIGIN}/sitemap-jobs-3.xml`, lastmod: "2026-01-07T00:00:00.000Z" },
    ]);
    const pages = [];
    for (const n of [1, 2, 3]) {
      const page = await app.inject({ method: "GET", url: `/sitemap-jobs-${n}.xml` });
      expect(page.statusCode).toBe(200);
      pages.push(...entriesOf(page.body).map((e) => e.loc));
    }
    expect(pages).toEqual(openIds.map((id) => `${TEST_ORIGIN}/jobs/${id}`));
    for (const url of ["/sitemap-jobs-4.xml", "/sitemap-jobs-0.xml", "/sitemap-jobs-x.xml"]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
    await app.close();
  });

  it("reads a page from the open-jobs index, by keyset", async () => {
    await t.db.execute(sql`
      insert into jobs (employer_id, title, description, category, duration_days, start_date, status, created_at)
      select employer_id, 'Bulk ' || g, 'Plenty of similar shifts here.', 'moving', 1, current_date,
             case when g % 10 = 0 then 'completed' else 'open' end::job_status, now() - g * interval '1 minute'
      from (select employer_id from jobs limit 1) e, generate_series(1, 20000) g`);
    await t.db.execute(sql`vacuum analyze jobs`);
    const rows = await queryRows<{ "QUERY PLAN": string }>(t.db, sql`explain ${openJobsPageQuery(40, 100)}`);
    const plan = rows.map((r) => Object.values(r)[0]).join("\n");
    expect(plan).toContain("jobs_open_created_idx");
    expect(plan).not.toMatch(/Seq Scan on jobs/);
  }, 120_000);
});

describe("/robots.txt", () => {
  it("names the sitemap, keeps crawlers out of the API and private pages, and lets them read public ones", async () => {
    const res = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
    for (const path of ["/api/", "/settings", "/chats", "/my-jobs", "/post-job", "/auth", "/profile$", "/jobs/*/chat"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // Nothing that would close a public page: jobs, public profiles, legal texts, the home page.
    const disallowed = lines.filter((l) => l.startsWith("Disallow: ")).map((l) => l.slice("Disallow: ".length));
    for (const page of ["/", `/jobs/${openIds[0]}`, "/profile/abc", "/terms", "/privacy", "/impressum"]) {
      const blocked = disallowed.some((rule) => {
        const pattern = new RegExp(`^${rule.replace(/[.+?^{}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}`);
        return pattern.test(page);
      });
      expect(blocked, page).toBe(false);
    }
  });
});

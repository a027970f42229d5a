import { sql, type SQL } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";

import { queryRows, type Queryable } from "../../db/database.ts";
import { escapeHtml } from "./html.ts";

// /sitemap.xml lists every open job's page with the time it last changed (sitemaps.org protocol). Up to
// 50,000 addresses it is one list; past that it is a sitemap index naming /sitemap-jobs-N.xml, 50,000 each.
// Pages run oldest first on the open-jobs index (jobs_open_created_idx, read backwards), so a new job
// only ever changes the last page.

/** The protocol's limit of addresses in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

type SitemapDeps = { db: Queryable; publicUrl: string; pageSize?: number };

/** How many jobs are listed (open and visible, docs/decisions/069) and not over (docs/decisions/048): what decides between one list and an index. */
async function openJobCount(db: Queryable): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs where status = 'open' and moderation = 'visible' and ends_at > now()`,
  );
  return Number(row?.n ?? 0);
}

/**
 * One page of open jobs, oldest first: the page's first key is found on the index alone (created_at
 * and id are all it holds), then the page is read from there by keyset, never by skipping rows.
 */
export function openJobsPageQuery(page: number, pageSize: number): SQL {
  return sql`select id, updated_at from jobs
    where status = 'open' and moderation = 'visible' and ends_at > now()
      and (created_at, id) >= (
        select created_at, id from jobs where status = 'open' and moderation = 'visible' and ends_at > now()
        order by created_at, id offset ${(page - 1) * pageSize} limit 1)
    order by created_at, id
    limit ${pageSize}`;
}

async function openJobsPage(db: Queryable, page: number, pageSize: number): Promise<{ id: string; lastmod: Date }[]> {
  const rows = await queryRows<{ id: string; updated_at: Date | string }>(db, openJobsPageQuery(page, pageSize));
  return rows.map((row) => ({ id: row.id, lastmod: new Date(row.updated_at) }));
}

/** For the index: each page's newest change, page 1 first. */
async function pageChanges(db: Queryable, pageSize: number): Promise<Date[]> {
  const rows = await queryRows<{ lastmod: Date | string }>(
    db,
    sql`select max(updated_at) as lastmod from (
          select updated_at, (row_number() over (order by created_at, id) - 1) / ${pageSize} as page
          from jobs where status = 'open' and moderation = 'visible' and ends_at > now()) pages
        group by page order by page`,
  );
  return rows.map((row) => new Date(row.lastmod));
}

function urlset(base: string, jobs: { id: string; lastmod: Date }[]): string {
  const urls = jobs.map(
    (job) => `<url><loc>${escapeHtml(`${base}/jobs/${job.id}`)}</loc><lastmod>${job.lastmod.toISOString()}</lastmod></url>`,
  );
  return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${urls.join("\n")}\n</urlset>\n`;
}

function sitemapIndex(base: string, changes: Date[]): string {
  const entries = changes.map(
    (lastmod, i) =>
      `<sitemap><loc>${escapeHtml(`${base}/sitemap-jobs-${i + 1}.xml`)}</loc><lastmod>${lastmod.toISOString()}</lastmod></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

function sendXml(reply: FastifyReply, body: string) {
  // Crawlers come back daily; an hour old list is fresh enough and spares the database.
  return reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=3600").send(body);
}

/** GET /sitemap.xml (a list, or an index past one page) and GET /sitemap-jobs-N.xml (page N of the index). */
export async function sitemapRoutes(app: FastifyInstance, deps: SitemapDeps) {
  const pageSize = deps.pageSize ?? SITEMAP_MAX_URLS;
  const base = deps.publicUrl.replace(/\/+$/, "");

  app.get("/sitemap.xml", async (_request, reply) => {
    const count = await openJobCount(deps.db);
    if (count <= pageSize) return sendXml(reply, urlset(base, await openJobsPage(deps.db, 1, pageSize)));
    return sendXml(reply, sitemapIndex(base, await pageChanges(deps.db, pageSize)));
  });

  app.get<{ Params: { page: string } }>("/sitemap-jobs-:page(^\\d{1,6}).xml", async (request, reply) => {
    const page = Number(request.params.page);
    const jobs = page >= 1 ? await openJobsPage(deps.db, page, pageSize) : [];
    // A page past the end (or page 1 of an empty list, which /sitemap.xml never names) is not there.
    if (jobs.length === 0) return reply.callNotFound();
    return sendXml(reply, urlset(base, jobs));
  });
}

import { and, eq, sql, type SQL } from "drizzle-orm";

import { queryRows, type Database, type Queryable } from "../../db/database.ts";
import { lockPeopleFirst } from "../../db/lock-order.ts";
import { jobs } from "../../db/schema/index.ts";
import { durationFilterOf } from "../../domain/job-filter-choices.ts";
import { jobFiltersSchema, type JobFilters } from "../../domain/job-filters.ts";
import { normalizeSavedFilters, savedFiltersKey } from "../../domain/saved-search-keys.ts";
import type { BackgroundQueue } from "../background-jobs.ts";
import {
  correctedTexts,
  findsJobsAsWritten,
  listed,
  matchingJobs,
  mayMatchWithTypos,
  notEnded,
  resolveOrigin,
  type Origin,
} from "../jobs/search/index.ts";
import { notifyPeople } from "../notifications/notify.ts";
import { cityNameOf } from "../places/city-name.ts";

/** Saved searches read per round trip, and evaluated per statement (one UNION ALL branch each). */
const CANDIDATE_PAGE = 1000;
const EVALUATED_PER_STATEMENT = 100;

type NewJob = {
  id: string;
  employerId: string;
  status: string;
  category: string;
  country: string | null;
  durationDays: number;
  startDate: string;
};
type Candidate = { id: string; user_id: string; filters: unknown };

/**
 * Background work after a job is posted: finds the saved searches whose home list would show it and tells
 * their people, once per pair. Cost grows with distinct searches, not people: an SQL prefilter, then each
 * distinct text, then each distinct filter set (docs/decisions/023). Answers how many matches were written.
 */
export async function matchNewJob(db: Database, queue: BackgroundQueue, jobId: string, now: Date): Promise<number> {
  const [job] = await db
    .select({
      id: jobs.id,
      employerId: jobs.employerId,
      status: jobs.status,
      moderation: jobs.moderation,
      category: jobs.category,
      country: jobs.country,
      durationDays: jobs.durationDays,
      startDate: jobs.startDate,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .limit(1);
  if (!job || job.status !== "open" || job.moderation !== "visible") return 0;
  const matcher = new Matcher(db, job.id);
  let written = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const page = await candidates(db, job, after);
    const matched = await matcher.matching(page);
    if (matched.length > 0) written += await recordMatches(db, queue, job, matched, now);
    const last = page.at(-1);
    if (!last || page.length < CANDIDATE_PAGE) return written;
    after = last.id;
  }
}

type Evaluated = { key: string; filters: JobFilters; corrected: string | null };

/** How a text meets the job: as written (or as word forms), read as its correction, or not at all. */
type TextMatch = { as: "written" } | { as: "corrected"; text: string } | null;

/** What one run has learnt, kept across pages: how the job meets each distinct text and set of filters. */
class Matcher {
  private readonly origins = new Map<string, Promise<Origin | null | "unknown">>();
  private readonly texts = new Map<string, TextMatch>();
  private readonly searches = new Map<string, boolean>();

  private readonly db: Queryable;
  private readonly jobId: string;

  constructor(db: Queryable, jobId: string) {
    this.db = db;
    this.jobId = jobId;
  }

  /** The ids of the candidates whose filters the job meets. */
  async matching(page: Candidate[]): Promise<string[]> {
    const groups = new Map<string, { filters: JobFilters; ids: string[] }>();
    for (const candidate of page) {
      // Kept filters were valid when saved; one this build no longer reads matches nothing.
      const parsed = jobFiltersSchema.safeParse(candidate.filters);
      if (!parsed.success) continue;
      const key = savedFiltersKey(parsed.data);
      const group = groups.get(key) ?? { filters: normalizeSavedFilters(parsed.data), ids: [] };
      group.ids.push(candidate.id);
      groups.set(key, group);
    }
    const texts = new Set<string>();
    for (const { filters } of groups.values()) if (filters.q && !this.texts.has(filters.q)) texts.add(filters.q);
    await this.matchTexts([...texts]);
    const left: Evaluated[] = [];
    for (const [key, { filters }] of groups) {
      if (this.searches.has(key)) continue;
      const text: TextMatch | undefined = filters.q ? this.texts.get(filters.q) : { as: "written" };
      if (!text) this.searches.set(key, false);
      else left.push({ key, filters, corrected: text.as === "corrected" ? text.text : null });
    }
    const met = await this.meets(left);
    for (const { key } of left) this.searches.set(key, met.has(key));
    return [...groups].flatMap(([key, group]) => (this.searches.get(key) ? group.ids : []));
  }

  /**
   * Each text alone (filters only narrow), corrected only when as written it finds no open job, as on the home
   * page: a loose trigram pass first, then the few survivors as written or corrected together
   * (docs/decisions/023, 042).
   */
  private async matchTexts(texts: string[]) {
    const loosely = await this.meets(
      texts.map((q) => ({ key: q, filters: { q }, corrected: null })),
      mayMatchWithTypos,
    );
    const asWritten = await this.meets([...loosely].map((q) => ({ key: q, filters: { q }, corrected: null })));
    const corrections = await correctedTexts(
      this.db,
      [...loosely].filter((q) => !asWritten.has(q)),
      { jobId: this.jobId },
    );
    const whenCorrected = await this.meets([...corrections].map(([q, corrected]) => ({ key: q, filters: { q }, corrected })));
    for (const q of whenCorrected) if (await findsJobsAsWritten(this.db, q)) whenCorrected.delete(q);
    for (const q of texts) {
      const corrected = corrections.get(q);
      this.texts.set(
        q,
        asWritten.has(q) ? { as: "written" } : corrected && whenCorrected.has(q) ? { as: "corrected", text: corrected } : null,
      );
    }
  }

  /** The keys of the items whose filters the job meets; a city the gazetteer lacks meets nothing. */
  private async meets(items: Evaluated[], textCondition?: (q: string) => SQL): Promise<Set<string>> {
    const met = new Set<string>();
    for (let start = 0; start < items.length; start += EVALUATED_PER_STATEMENT) {
      const chunk = items.slice(start, start + EVALUATED_PER_STATEMENT);
      const branches: SQL[] = [];
      for (const [index, { filters, corrected }] of chunk.entries()) {
        const origin = await this.origin(filters);
        if (origin === "unknown") continue;
        const conditions =
          textCondition && filters.q
            ? sql`${listed} and ${notEnded} and ${textCondition(filters.q)}`
            : matchingJobs({ filters, origin, corrected });
        branches.push(sql`select ${index}::int as i from ${jobs} where ${jobs.id} = ${this.jobId} and ${conditions}`);
      }
      if (branches.length === 0) continue;
      const rows = await queryRows<{ i: number }>(this.db, sql.join(branches, sql` union all `));
      for (const row of rows) {
        const item = chunk[Number(row.i)];
        if (item) met.add(item.key);
      }
    }
    return met;
  }

  private origin(filters: JobFilters) {
    const key = JSON.stringify([filters.cityId, filters.lat, filters.lng]);
    return memo(this.origins, key, () => resolveOrigin(this.db, filters));
  }
}

function memo<T>(cache: Map<string, Promise<T>>, key: string, compute: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) {
    value = compute();
    cache.set(key, value);
  }
  return value;
}

/**
 * Saved searches that may match the job, by id after `after`: alerts on, not the poster's, and no
 * equality filter that the job fails. Only a necessary condition: matchingJobs decides.
 */
function candidates(db: Queryable, job: NewJob, after: string): Promise<Candidate[]> {
  const field = (name: string) => sql`s.filters ->> ${name}`;
  const either = (name: string, value: string | null) => sql`(${field(name)} is null or ${field(name)} = ${value})`;
  return queryRows<Candidate>(
    db,
    sql`select s.id, s.user_id, s.filters from saved_searches s
        where s.alerts <> 'off' and s.user_id <> ${job.employerId} and s.id > ${after}::uuid
          and ${either("category", job.category)} and ${either("country", job.country)}
          and ${either("startDate", job.startDate)} and ${either("duration", durationFilterOf(job.durationDays))}
        order by s.id
        limit ${CANDIDATE_PAGE}`,
  );
}

/**
 * Writes the matches of one page and the instant notices, in one transaction: people first (the lock
 * order of docs/decisions/015), then the match rows (only for searches that still exist), then one
 * notice per person with an instant search among them, the city named in their language.
 */
async function recordMatches(db: Database, queue: BackgroundQueue, job: NewJob, searchIds: string[], now: Date) {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const people = await queryRows<{ user_id: string }>(
      tx,
      sql`select distinct user_id from saved_searches where id in ${sqlList(searchIds, "uuid")}`,
    );
    await lockPeopleFirst(tx, [job.employerId, ...people.map((p) => p.user_id)]);
    // Closed, over, held or gone since it was posted: nobody is told of it.
    const [open] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, job.id), listed, notEnded))
      .for("key share");
    if (!open) return 0;
    const written = await queryRows<{ user_id: string; alerts: string }>(
      tx,
      sql`with written as (
            insert into saved_search_matches (saved_search_id, job_id, created_at)
            select s.id, ${job.id}::uuid, ${at}::timestamptz from saved_searches s
            where s.id in ${sqlList(searchIds, "uuid")} and s.alerts <> 'off'
              -- Invited to this very job: the invitation told them; an alert of it too would be a duplicate.
              and not exists (select 1 from job_invitations i where i.job_id = ${job.id}::uuid and i.worker_id = s.user_id)
            on conflict do nothing
            returning saved_search_id)
          select s.user_id, s.alerts from written w join saved_searches s on s.id = w.saved_search_id`,
    );
    const instant = [...new Set(written.filter((row) => row.alerts === "instant").map((row) => row.user_id))];
    if (instant.length > 0) await tellAtOnce(tx, queue, job, instant, at);
    return written.length;
  });
}

async function tellAtOnce(tx: Queryable, queue: BackgroundQueue, job: NewJob, userIds: string[], at: string) {
  const recipients = await queryRows<{ user_id: string; title: string; city_name: string }>(
    tx,
    sql`select p.id as user_id, j.title, coalesce(${cityNameOf(sql`j.city_id`, sql`p.language`)}, '') as city_name
        from profiles p
        join jobs j on j.id = ${job.id}::uuid
        where p.id in ${sqlList(userIds)}`,
  );
  // One notice per person; people who read the city's name alike share one statement.
  const byCity = new Map<string, string[]>();
  for (const row of recipients) byCity.set(row.city_name, [...(byCity.get(row.city_name) ?? []), row.user_id]);
  const jobTitle = recipients[0]?.title ?? "";
  for (const [cityName, ids] of byCity) {
    await notifyPeople(
      tx,
      queue,
      ids,
      { kind: "saved_search_match", jobId: job.id, jobTitle, cityName },
      { actorId: job.employerId, dedupeKey: `saved-search:${job.id}` },
    );
  }
  // Told once: their daily matches of this job are not told again in the digest.
  await tx.execute(
    sql`update saved_search_matches m set notified_at = ${at}::timestamptz
        from saved_searches s
        where s.id = m.saved_search_id and m.job_id = ${job.id}::uuid and m.notified_at is null
          and s.user_id in ${sqlList(userIds)}`,
  );
}

/** `(a, b, …)` of values for `in`; uuids say so, for a column Postgres cannot infer from text. */
function sqlList(values: readonly string[], type: "uuid" | "text" = "text"): SQL {
  return sql`(${sql.join(
    values.map((v) => (type === "uuid" ? sql`${v}::uuid` : sql`${v}`)),
    sql`, `,
  )})`;
}

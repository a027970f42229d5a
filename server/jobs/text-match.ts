import { sql, type SQL } from "drizzle-orm";

import type { Queryable } from "../../db/database.ts";
import { jobs } from "../../db/schema/index.ts";

/** The stemming configurations a query is read in: as written, and in each language Postgres stems that we serve. */
const CONFIGS = ["simple", "english", "russian", "german", "french", "spanish"] as const;

/** A bonus that puts the jobs of an employer whose name or company matched among the best matches. */
const EMPLOYER_MATCH = 0.5;

/**
 * How a search text finds and ranks open jobs (docs/decisions/020):
 * - word forms: the query, read in each configuration, against the job's stemmed and weighted document
 *   (title, then skills, place and the category's names in ten languages, then description);
 * - typos: the query's trigram word similarity to the job's lower-cased text (pg_trgm `<%`), so
 *   "delivry" finds "delivery" and "курер" finds "курьер";
 * - employers: jobs of people whose name or company is similar to the query.
 * Each of the three is served by an index (jobs_search_doc, jobs_search_trgm, the profiles' trigram
 * indexes); relevance adds the text rank, the similarity and the employer bonus. With typos forgiven
 * the three are a union of index scans (an OR would make the planner scan); without, the words and the
 * employers are one condition on the row, so a selective filter (a place) can lead.
 *
 * Typos are forgiven only when the text, as written, finds nothing (`fuzzy`, see hasExactMatch): a
 * correctly spelt common word ("loader") would otherwise make Postgres measure trigram similarity
 * against every one of its thousands of jobs, seconds of work that finds the same jobs again.
 */
export function textMatch(q: string, fuzzy: boolean): { where: SQL; relevance: SQL<number> } {
  const lowered = q.toLowerCase();
  const query = documentQuery(q);
  const employers = sql`array(select p.id from profiles p where ${lowered} <% p.full_name or ${lowered} <% p.company_name)`;
  return {
    // The matches as a union of index scans: an OR with the employer branch would make the planner scan.
    where: fuzzy
      ? sql`${jobs.id} in (
          select m.id from jobs m where m.status = 'open' and (m.search_doc @@ (${query}) or ${lowered} <% m.search_text)
          union all
          select m.id from profiles p join jobs m on m.employer_id = p.id
          where m.status = 'open' and (${lowered} <% p.full_name or ${lowered} <% p.company_name))`
      : // Without the trigram branch the match is a plain condition on the row, so the planner may start
        // from another filter's index (jobs near a city) and check the words on those few rows.
        sql`(${jobs.searchDoc} @@ (${query}) or ${jobs.employerId} = any(${employers}))`,
    relevance: sql<number>`(ts_rank(${jobs.searchDoc}, (${query}))::float8
      ${fuzzy ? sql`+ word_similarity(${lowered}, ${jobs.searchText})::float8` : sql``}
      + case when ${jobs.employerId} = any(${employers}) then ${sql.raw(String(EMPLOYER_MATCH))} else 0 end)`,
  };
}

/** The search text read in every configuration, as one tsquery. */
function documentQuery(q: string): SQL {
  return sql.join(
    CONFIGS.map((config) => sql`websearch_to_tsquery(${sql.raw(`'${config}'`)}::regconfig, ${q})`),
    sql` || `,
  );
}

/**
 * True when some open job has the search text's words as written (or as word forms): then typos need
 * not be forgiven. One probe of jobs_search_doc, stopping at the first hit.
 */
export async function hasExactMatch(db: Queryable, q: string): Promise<boolean> {
  const [row] = await db
    .select({
      found: sql<boolean>`exists (select 1 from jobs m where m.status = 'open' and m.search_doc @@ (${documentQuery(q)}))`,
    })
    .from(sql`(select 1) as probe`);
  return row?.found ?? false;
}

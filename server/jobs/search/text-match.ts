import { sql, type SQL } from "drizzle-orm";

import { jobs } from "../../../db/schema/index.ts";
import type { Bound, SearchText } from "./bound.ts";
import { MIN_SIMILARITY } from "./spelling.ts";

/** A bonus that puts the jobs of an employer whose name or company matched among the best matches. */
const EMPLOYER_MATCH = 0.5;

/** The text of a search, read `corrected` when it was (null without a text). */
export function searchTextOf(q: string | undefined, corrected: string | null = null): SearchText | null {
  const text = q?.trim();
  return text ? { words: corrected ?? text, lowered: text.toLowerCase() } : null;
}

/**
 * How a search text finds and ranks open jobs (docs/decisions/020, 042):
 * - word forms: the text, read in each configuration, against the job's stemmed and weighted document
 *   (title, then skills, place and the category's names in ten languages, then description);
 * - employers: jobs of people whose name or company is similar to the text (pg_trgm `<%`), so a name
 *   with a typo still finds them;
 * - typos in the words: a text that finds no open job as written is read as `corrected` (spelling.ts,
 *   "delivry" as "delivery"), corrected against the words of open jobs before the search, not matched
 *   by similarity against every job.
 * Relevance is the text rank plus a bonus for an employer match. The match is one condition on the row
 * (jobs_search_doc serves the words, the profiles' trigram indexes the employers), so a selective filter
 * (a place) can lead and the words are checked on those few rows.
 */
export function textMatch({ words, lowered }: SearchText): { where: SQL; relevance: SQL<number> } {
  const query = documentQuery(words);
  const employers = sql`array(${employersLike(lowered)})`;
  return {
    where: sql`(${jobs.searchDoc} @@ (${query}) or ${jobs.employerId} = any(${employers}))`,
    relevance: sql<number>`(ts_rank(${jobs.searchDoc}, (${query}))::float8
      + case when ${jobs.employerId} = any(${employers}) then ${sql.raw(String(EMPLOYER_MATCH))} else 0 end)`,
  };
}

/**
 * The jobs a text may find once corrected, for one job being matched (a new job against saved
 * searches), where it costs one row's comparison; a list corrects the text instead (spelling.ts). Its
 * words as written, or its trigram word similarity to the job's text at least what a correction needs:
 * a one-word text that corrects to a word of the job always passes (its word similarity to the job's
 * text is at least its similarity to that word); a text of several words passes when they stand close
 * together in the job's text, as they mostly do in a title.
 */
export function mayMatchWithTypos(q: string): SQL {
  const lowered = q.toLowerCase();
  return sql`(${jobs.searchDoc} @@ (${documentQuery(q)})
    or word_similarity(${lowered}, ${jobs.searchText}) >= ${MIN_SIMILARITY}
    or ${jobs.employerId} in (${employersLike(lowered)}))`;
}

/** The ids of the people whose name or company is like the (lower-cased) text, from the profiles' trigram indexes. */
function employersLike(lowered: Bound<string>): SQL {
  return sql`select p.id from profiles p where ${lowered} <% p.full_name or ${lowered} <% p.company_name`;
}

/**
 * The search text read in every configuration the documents are stemmed in, each distinct reading
 * once, as one tsquery (daywork_search_query, migration 0017): the planner sees the words themselves.
 */
function documentQuery(q: Bound<string>): SQL {
  return sql`daywork_search_query(${q})`;
}

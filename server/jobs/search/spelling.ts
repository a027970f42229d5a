import { sql, type SQL } from "drizzle-orm";

import { queryRows, type Queryable } from "../../../db/database.ts";

/** A word as the dictionary holds them (db/schema/search-words.ts): letters (with their marks) and digits, with a letter. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const CORRECTABLE = /^(?=.*\p{L})[\p{L}\p{M}\p{N}]{3,32}$/u;

/** The words of one search text looked up at most; the rest are kept as typed. */
const MAX_WORDS = 8;

/**
 * How similar (pg_trgm `similarity`) a dictionary word must be to a typed one to be considered at all.
 * "delivry" is 0.55 of "delivery", "курер" 0.44 of "курьер", "movr" 0.38 of "mover"; below 0.3 a word
 * shares too little to be what was meant. Trigrams only find candidates: "barista" is 0.33 of "bar",
 * which an edit distance then refuses (closeEnough).
 */
export const MIN_SIMILARITY = 0.3;

/** The candidates per typed word the dictionary answers, most similar first. */
const CANDIDATES = 10;

/**
 * How many single-letter edits (a letter added, dropped, changed, or two swapped) a typo of this length
 * may need to become the word meant: one in a short word, two up to seven letters, three beyond. A
 * correction further than that is another word ("barista" is four edits from "bar"), not a typo.
 */
export function allowedEdits(length: number): number {
  return length <= 4 ? 1 : length <= 7 ? 2 : 3;
}

/**
 * The optimal-string-alignment distance between two words: single-letter insertions, deletions,
 * substitutions and swaps of neighbours, by code point.
 */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const rows: number[][] = Array.from({ length: x.length + 1 }, (_, i) => [i, ...Array<number>(y.length).fill(0)]);
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let j = 1; j <= y.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= x.length; i++) {
    const row = rows[i] as number[];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      row[j] = best;
    }
  }
  return at(x.length, y.length);
}

/** Whether `candidate` is near enough to the typed word to be what was meant (allowedEdits). */
export function closeEnough(typed: string, candidate: string): boolean {
  return editDistance(typed, candidate) <= allowedEdits([...typed].length);
}

/**
 * What the dictionary says of one typed word: `known` when it is a word of the marketplace (a word of
 * an open job, one of their word forms, or a category's name or trade in any language), then it is
 * never replaced; otherwise its `candidates`, most similar first, then the most common.
 */
export type WordLookup = { typed: string; known: boolean; candidates: readonly string[] };

/**
 * The word a typed one is corrected to, or null: none for a known word, else the candidate fewest edits
 * away within closeEnough, of those the first in the dictionary's order.
 */
export function correctionOf({ typed, known, candidates }: WordLookup): string | null {
  if (known) return null;
  let best: { word: string; edits: number } | null = null;
  for (const word of candidates) {
    if (word === typed) return null;
    const edits = editDistance(typed, word);
    if (edits <= allowedEdits([...typed].length) && (!best || edits < best.edits)) best = { word, edits };
  }
  return best?.word ?? null;
}

/**
 * The search text with each word that is no word of the marketplace (the open jobs' words and their
 * word forms, the categories' names in every language) replaced by the open jobs' word nearest to it
 * (closeEnough; then the most similar, then the most common), or null when no word changed:
 * "delivry" reads "delivery", "furnitur movr" "furniture mover", while "barista" is never "bar". Words
 * are looked up in the dictionary (search_words), one trigram-index probe each, all in one statement.
 * The rest of the text (its other words, quotes, a minus) is kept as typed, so a corrected text is read
 * the way the typed one would have been.
 */
export async function correctedText(db: Queryable, q: string): Promise<string | null> {
  return (await correctedTexts(db, [q])).get(q) ?? null;
}

/**
 * `correctedText` for many texts in one statement: the corrected ones, by text. `jobId` adds that job's
 * own words to the candidates (a new job matched against saved searches, server/saved-searches/match-new-job.ts;
 * the dictionary holds them already once the job's transaction has committed).
 */
export async function correctedTexts(
  db: Queryable,
  texts: readonly string[],
  { jobId }: { jobId?: string } = {},
): Promise<Map<string, string>> {
  const corrected = new Map<string, string>();
  const words = [...new Set(texts.flatMap(wordsToLookUp))];
  if (words.length === 0) return corrected;
  const rows = await queryRows<WordLookup>(db, correctionsQuery(words, jobId));
  const corrections = new Map(
    rows.flatMap((row) => {
      const word = correctionOf(row);
      return word ? [[row.typed, word] as const] : [];
    }),
  );
  for (const q of texts) {
    // Only the words looked up for this text: another text's may be corrected beyond its first few.
    const own = new Set(wordsToLookUp(q).filter((word) => corrections.has(word)));
    if (own.size === 0) continue;
    corrected.set(
      q,
      q.replace(WORD, (word) => (own.has(word.toLowerCase()) && corrections.get(word.toLowerCase())) || word),
    );
  }
  return corrected;
}

/** A text's distinct words (lower-cased) that the dictionary could hold, the first MAX_WORDS of them. */
function wordsToLookUp(q: string): string[] {
  return [...new Set(q.toLowerCase().match(WORD) ?? [])].filter((word) => CORRECTABLE.test(word)).slice(0, MAX_WORDS);
}

/**
 * For each typed word (lower-cased), whether it is known (the dictionary holds it; a category's words
 * in any language read it, daywork_category_doc; or it is a word form of a similar dictionary word,
 * "deliveries" of "delivery") and its most similar dictionary words (WordLookup); `jobId` adds that
 * job's own words.
 */
export function correctionsQuery(words: readonly string[], jobId?: string): SQL {
  const ownWords: SQL = jobId
    ? sql`union all
        select o.word, 1 from jobs j, daywork_dictionary_words(j.search_text) as o(word)
        where j.id = ${jobId} and o.word % w.word`
    : sql``;
  return sql`select w.word as typed,
      (daywork_category_doc() @@ daywork_search_query(w.word) or coalesce(c.forms, false)) as known,
      coalesce(c.candidates, '{}') as candidates
    from (values ${sql.join(
      words.map((word) => sql`(${word}::text)`),
      sql`, `,
    )}) as w(word)
    left join lateral (
      select (array_agg(s.word order by similarity(s.word, w.word) desc, s.jobs desc, s.word))[1:${sql.raw(String(CANDIDATES))}] as candidates,
        bool_or(s.word = w.word or daywork_stems(s.word) @@ daywork_search_query(w.word)) as forms
      from (select d.word, d.jobs from search_words d where d.word % w.word ${ownWords}) as s
      where similarity(s.word, w.word) >= ${MIN_SIMILARITY}
    ) as c on true`;
}

import { sql, type SQL } from "drizzle-orm";

import { queryRows, type Queryable } from "../../db/database.ts";

/** A word as the dictionary holds them (db/schema/search-words.ts): letters (with their marks) and digits, with a letter. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const CORRECTABLE = /^(?=.*\p{L})[\p{L}\p{M}\p{N}]{3,32}$/u;

/** The words of one search text looked up at most; the rest are kept as typed. */
const MAX_WORDS = 8;

/**
 * How similar (pg_trgm `similarity`) a dictionary word must be to a typed one to replace it. "delivry"
 * is 0.55 of "delivery", "курер" 0.44 of "курьер", "movr" 0.38 of "mover"; below 0.3 a word shares
 * too little to be what was meant.
 */
export const MIN_SIMILARITY = 0.3;

/**
 * The search text with each word that no open job has replaced by the word of open jobs most like it
 * (then the most common of those), or null when no word changed: "delivry" reads "delivery",
 * "furnitur movr" "furniture mover". Words are looked up in the dictionary (search_words), one
 * trigram-index probe each, all in one statement. The rest of the text (its other words, quotes, a
 * minus) is kept as typed, so a corrected text is read the way the typed one would have been.
 */
export async function correctedText(db: Queryable, q: string): Promise<string | null> {
  return (await correctedTexts(db, [q])).get(q) ?? null;
}

/**
 * `correctedText` for many texts in one statement: the corrected ones, by text. `jobId` adds that job's
 * own words to the dictionary: a new job matched against saved searches
 * (server/saved-searches/match-new-job.ts) may bring a word the dictionary learns only at its next refresh.
 */
export async function correctedTexts(
  db: Queryable,
  texts: readonly string[],
  { jobId }: { jobId?: string } = {},
): Promise<Map<string, string>> {
  const corrected = new Map<string, string>();
  const words = [...new Set(texts.flatMap(wordsToLookUp))];
  if (words.length === 0) return corrected;
  const rows = await queryRows<{ typed: string; word: string | null }>(db, correctionsQuery(words, jobId));
  const corrections = new Map(rows.flatMap(({ typed, word }) => (word && word !== typed ? [[typed, word] as const] : [])));
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
 * For each typed word (lower-cased), the dictionary's word most like it, itself when the dictionary has
 * it, or null when none is like it enough; `jobId` adds that job's own words.
 */
export function correctionsQuery(words: readonly string[], jobId?: string): SQL {
  const ownWords: SQL = jobId
    ? sql`union all
        select o.word, 1 from jobs j, unnest(tsvector_to_array(to_tsvector('simple', j.search_text))) as o(word)
        where j.id = ${jobId} and length(o.word) between 3 and 32 and o.word % w.word`
    : sql``;
  return sql`select w.word as typed,
      (select c.word from (
         select s.word, s.jobs from search_words s where s.word % w.word ${ownWords}
       ) as c
       where similarity(c.word, w.word) >= ${MIN_SIMILARITY}
       order by similarity(c.word, w.word) desc, c.jobs desc, c.word
       limit 1) as word
    from (values ${sql.join(
      words.map((word) => sql`(${word}::text)`),
      sql`, `,
    )}) as w(word)`;
}

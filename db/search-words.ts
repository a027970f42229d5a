import { sql } from "drizzle-orm";

import type { Queryable } from "./database.ts";

/**
 * Counts the listed (open and visible) jobs' words into the spelling dictionary (db/schema/search-words.ts) again from the
 * jobs themselves. Triggers keep it on every write (migration 0021); this repairs it after writes that
 * bypass them (a restore, a bulk load with triggers off) and is what the background queue's
 * `spelling-dictionary` does when asked. Words no open job has go, the others get their count.
 */
export async function refreshSpellingDictionary(db: Queryable): Promise<void> {
  // Background work over every open job (12.6 s at 300k): above a request's statement_timeout (decision 062).
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = '10min'`);
    await tx.execute(sql`with fresh as (
      select word, count(*)::int as jobs from jobs, daywork_dictionary_words(search_text) as word
      where status = 'open' and moderation = 'visible' group by word
    ), gone as (
      delete from search_words s where not exists (select 1 from fresh f where f.word = s.word)
    )
    insert into search_words (word, jobs) select word, jobs from fresh order by word
    on conflict (word) do update set jobs = excluded.jobs where search_words.jobs <> excluded.jobs`);
  });
}

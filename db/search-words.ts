import { sql } from "drizzle-orm";

import type { Queryable } from "./database.ts";

/**
 * Recounts the spelling dictionary from the open jobs: a repair for writes that bypassed its triggers
 * (docs/decisions/051).
 */
export async function refreshSpellingDictionary(db: Queryable): Promise<void> {
  // Background work over every open job, longer than a request's statement_timeout (docs/decisions/062).
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

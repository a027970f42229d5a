import { sql } from "drizzle-orm";

import type { Queryable } from "./database.ts";

/**
 * Reads the open jobs' words again into the spelling dictionary (db/schema/search-words.ts): the
 * background queue's `spelling-dictionary` every few minutes, and a seed once it has written its jobs.
 * Concurrently, so searches keep reading the old words meanwhile.
 */
export async function refreshSpellingDictionary(db: Queryable): Promise<void> {
  await db.execute(sql`refresh materialized view concurrently search_words`);
}

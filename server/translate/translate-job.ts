import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";

import type { Database, Queryable } from "../../db/database.ts";
import { jobs, jobTranslations } from "../../db/schema/index.ts";
import { isLanguageCode, type LanguageCode } from "../../domain/languages.ts";
import { refusal, type Refusal } from "../refusal.ts";
import type { Services } from "../services.ts";
import { TranslationFailedError, UnsupportedLanguageError } from "./translator.ts";

export type JobTranslation = { translatedTitle: string; translatedDescription: string; cached: boolean };

/** Why a translation is not given: no such job, no provider for the pair, or the provider failed. */
type TranslationRefusal = "job_not_found" | "translation_unavailable" | "translation_timeout" | "translation_failed";

/** Identifies the source text of a translation: any edit of language, title or description changes it. */
export function contentHash(source: { language: string; title: string; description: string }): string {
  return createHash("sha256")
    .update(JSON.stringify([source.language, source.title, source.description]))
    .digest("hex");
}

/**
 * A job's title and description in `targetLanguage`: from the cache when the job's text has not changed
 * since it was translated, otherwise from the provider, stored for the next reader. Any existing job can
 * be translated, since anyone with the link can read it. A provider's failure is logged here with its
 * details and refused without them.
 */
export async function translateJob(
  db: Database,
  services: Pick<Services, "translator" | "log">,
  params: { jobId: string; targetLanguage: LanguageCode; timeoutMs: number },
): Promise<JobTranslation | Refusal<TranslationRefusal>> {
  const { translator } = services;
  const [job] = await db
    .select({ title: jobs.title, description: jobs.description, language: jobs.language })
    .from(jobs)
    .where(eq(jobs.id, params.jobId))
    .limit(1);
  if (!job) return refusal("job_not_found");
  // Nothing to translate: the reader already reads the original.
  if (job.language === params.targetLanguage) {
    return { translatedTitle: job.title, translatedDescription: job.description, cached: false };
  }
  if (!translator || !isLanguageCode(job.language)) return refusal("translation_unavailable");

  const hash = contentHash(job);
  const [hit] = await db
    .select({ translatedTitle: jobTranslations.translatedTitle, translatedDescription: jobTranslations.translatedDescription })
    .from(jobTranslations)
    .where(
      and(
        eq(jobTranslations.jobId, params.jobId),
        eq(jobTranslations.targetLanguage, params.targetLanguage),
        eq(jobTranslations.contentHash, hash),
      ),
    )
    .limit(1);
  if (hit) return { ...hit, cached: true };

  let translated: string[];
  try {
    translated = await translator.translate(
      [job.title, job.description],
      job.language,
      params.targetLanguage,
      AbortSignal.timeout(params.timeoutMs),
    );
  } catch (error) {
    if (error instanceof UnsupportedLanguageError) return refusal("translation_unavailable");
    if (error instanceof TranslationFailedError) {
      services.log.warn(
        { jobId: params.jobId, provider: translator.provider, reason: error.reason, detail: error.message },
        "machine translation failed",
      );
      return refusal(error.reason === "timeout" ? "translation_timeout" : "translation_failed");
    }
    throw error;
  }
  const [translatedTitle = "", translatedDescription = ""] = translated;
  await saveTranslation(db, {
    jobId: params.jobId,
    targetLanguage: params.targetLanguage,
    contentHash: hash,
    translatedTitle,
    translatedDescription,
    provider: translator.provider,
  });
  return { translatedTitle, translatedDescription, cached: false };
}

/**
 * Stores a translation and, in the same transaction, indexes the job by its current translations
 * (docs/decisions/051); racing first readers both write and the later wins.
 */
async function saveTranslation(db: Database, row: typeof jobTranslations.$inferInsert): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(jobTranslations)
      .values(row)
      .onConflictDoUpdate({
        target: [jobTranslations.jobId, jobTranslations.targetLanguage],
        set: {
          contentHash: sql`excluded.content_hash`,
          translatedTitle: sql`excluded.translated_title`,
          translatedDescription: sql`excluded.translated_description`,
          provider: sql`excluded.provider`,
          createdAt: sql`now()`,
        },
      });
    await indexTranslations(tx, row.jobId, row.contentHash);
  });
}

/**
 * Sets the job's `translated_text` to its translations of the text whose hash is `hash`, if the job
 * still has that text (read under the row's lock, so an edit cannot slip in between).
 */
async function indexTranslations(tx: Queryable, jobId: string, hash: string): Promise<void> {
  const [job] = await tx
    .select({ title: jobs.title, description: jobs.description, language: jobs.language })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .for("update");
  if (!job || contentHash(job) !== hash) return;
  await tx
    .update(jobs)
    .set({
      translatedText: sql`coalesce((select string_agg(t.translated_title || ' ' || t.translated_description, ' ' order by t.target_language)
        from ${jobTranslations} t where t.job_id = ${jobId} and t.content_hash = ${hash}), '')`,
    })
    .where(eq(jobs.id, jobId));
}

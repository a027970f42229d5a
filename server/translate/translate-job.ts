import { createHash } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { jobs, jobTranslations } from "../../db/schema/index.ts";
import { ERR } from "../../domain/errors.ts";
import { isLanguageCode, type LanguageCode } from "../../domain/languages.ts";
import { fail } from "../trpc/init.ts";
import { isUuid } from "../search/like-pattern.ts";
import type { Services } from "../services.ts";
import { TranslationFailedError, UnsupportedLanguageError } from "./translator.ts";

export type JobTranslation = { translatedTitle: string; translatedDescription: string; cached: boolean };

/** Identifies the source text of a translation: any edit of language, title or description changes it. */
export function contentHash(source: { language: string; title: string; description: string }): string {
  return createHash("sha256").update(JSON.stringify([source.language, source.title, source.description])).digest("hex");
}

/**
 * A job's title and description in `targetLanguage`: from the cache when the job's text has not changed
 * since it was translated, otherwise from the provider, stored for the next reader. Any existing job can
 * be translated, since anyone with the link can read it.
 */
export async function translateJob(
  db: Database,
  services: Pick<Services, "translator" | "log">,
  params: { jobId: string; targetLanguage: LanguageCode; timeoutMs: number },
): Promise<JobTranslation> {
  const { translator } = services;
  // Anything that is not a job's id simply finds nothing (as on the job page).
  if (!isUuid(params.jobId)) throw fail("NOT_FOUND", ERR.jobNotFound);
  const [job] = await db
    .select({ title: jobs.title, description: jobs.description, language: jobs.language })
    .from(jobs)
    .where(eq(jobs.id, params.jobId))
    .limit(1);
  if (!job) throw fail("NOT_FOUND", ERR.jobNotFound);
  // Nothing to translate: the reader already reads the original.
  if (job.language === params.targetLanguage) {
    return { translatedTitle: job.title, translatedDescription: job.description, cached: false };
  }
  if (!translator || !isLanguageCode(job.language)) throw fail("PRECONDITION_FAILED", ERR.translateUnavailable);

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
    translated = await translator.translate([job.title, job.description], job.language, params.targetLanguage, AbortSignal.timeout(params.timeoutMs));
  } catch (error) {
    if (error instanceof UnsupportedLanguageError) throw fail("PRECONDITION_FAILED", ERR.translateUnavailable);
    if (error instanceof TranslationFailedError) {
      services.log.warn(
        { jobId: params.jobId, provider: translator.provider, reason: error.reason, detail: error.message },
        "machine translation failed",
      );
      // The key for the person; the provider's details stay in `cause` for the server log.
      throw new TRPCError({ code: error.reason === "timeout" ? "GATEWAY_TIMEOUT" : "BAD_GATEWAY", message: ERR.translateFailed, cause: error });
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
 * Stores a translation, replacing the row of an older text. Two first readers translating at once both
 * write; the later write wins instead of failing on the (job, language) key.
 */
export async function saveTranslation(db: Database, row: typeof jobTranslations.$inferInsert): Promise<void> {
  await db
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
}

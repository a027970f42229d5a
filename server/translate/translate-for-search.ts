import type { Database } from "../../db/database.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import { isRefusal } from "../refusal.ts";
import type { Services } from "../services.ts";
import { translateJob } from "./translate-job.ts";

/**
 * The languages a job is translated into for search once posted or edited, when a provider is
 * configured: English and Russian, which most readers of the ten languages search in besides their
 * own (docs/decisions/051). Every other reader's translation is indexed too once someone reads it.
 */
export const SEARCH_LANGUAGES: readonly LanguageCode[] = ["en", "ru"];

/**
 * Translates a job into SEARCH_LANGUAGES through the translation cache (translate-job.ts), which indexes
 * each translation in the job's search document. Nothing without a provider, or for a pair it lacks;
 * a provider's failure or timeout throws, so the queue tries again later.
 */
export async function translateForSearch(
  db: Database,
  services: Pick<Services, "translator" | "log">,
  params: { jobId: string; timeoutMs: number },
): Promise<void> {
  if (!services.translator) return;
  for (const targetLanguage of SEARCH_LANGUAGES) {
    const answer = await translateJob(db, services, { ...params, targetLanguage });
    if (!isRefusal(answer)) continue;
    if (answer.reason === "translation_failed" || answer.reason === "translation_timeout") {
      throw new Error(`translating job ${params.jobId} into ${targetLanguage} for search failed: ${answer.reason}`);
    }
  }
}

import { useQuery } from "@tanstack/react-query";

import { isLanguageCode } from "../../../domain/languages.ts";
import { currentLanguage } from "../../lib/locale.ts";
import { trpc } from "../../trpc.ts";

/** What `translate.available` says: whether a provider is configured, and the languages it covers. */
export type TranslationAvailability = { enabled: boolean; languages: readonly string[] };

/**
 * Whether a job written in `jobLanguage` can be machine-translated into the reader's: not when it is
 * already in it, when no provider is configured, or when the provider does not cover one of the two.
 */
export function isTranslatable(available: TranslationAvailability | undefined, jobLanguage: string, reader: string): boolean {
  return (
    available?.enabled === true &&
    jobLanguage !== reader &&
    isLanguageCode(jobLanguage) &&
    available.languages.includes(jobLanguage) &&
    available.languages.includes(reader)
  );
}

/**
 * `isTranslatable` for the reader, asked once per screen: a list decides for its every card with one
 * answer instead of one query observer per card.
 */
export function useTranslatable(): (jobLanguage: string) => boolean {
  const reader = currentLanguage();
  const available = useQuery({ ...trpc.translate.available.queryOptions(), staleTime: 10 * 60_000 }).data;
  return (jobLanguage) => isTranslatable(available, jobLanguage, reader);
}

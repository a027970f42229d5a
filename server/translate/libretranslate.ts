import { z } from "zod";

import { LANGUAGE_CODES, type LanguageCode } from "../../domain/languages.ts";
import { requestJson } from "./http.ts";
import { TranslationFailedError, UnsupportedLanguageError, type Translator } from "./translator.ts";

/**
 * Codes a LibreTranslate server may use for each of our languages, in order of preference. Chinese is
 * "zh" on older servers and "zh-Hans" (simplified; "zh-Hant"/"zt" is traditional) on newer ones.
 */
const CANDIDATES: Record<LanguageCode, string[]> = {
  ru: ["ru"],
  en: ["en"],
  uz: ["uz"],
  kk: ["kk"],
  tk: ["tk"],
  es: ["es"],
  de: ["de"],
  fr: ["fr"],
  ar: ["ar"],
  zh: ["zh-Hans", "zh"],
};

// GET /languages: [{ code, name, targets }] (targets is missing on old servers).
const languagesSchema = z.array(z.object({ code: z.string(), targets: z.array(z.string()).optional() }));
// POST /translate: a string for a string `q`, an array for an array `q`.
const translateSchema = z.object({ translatedText: z.union([z.array(z.string()), z.string()]) });

type Catalogue = { codes: Map<LanguageCode, string>; targets: Map<string, Set<string> | null>; fetchedAt: number };

export type LibreTranslateOptions = {
  url: string;
  apiKey: string | null;
  /** How long the server's language list is trusted before it is asked again. */
  languagesTtlMs?: number;
};

/**
 * LibreTranslate's HTTP API (self-hosted or libretranslate.com): POST {url}/translate with a JSON body
 * { q: [...], source, target, format: "text", api_key? } answering { translatedText: [...] }. Which
 * languages are installed is read from GET {url}/languages, so missing models hide the toggle.
 */
export function libreTranslateTranslator(options: LibreTranslateOptions): Translator {
  const base = options.url.replace(/\/+$/, "");
  const ttl = options.languagesTtlMs ?? 10 * 60_000;
  let catalogue: Catalogue | null = null;

  async function loadCatalogue(signal: AbortSignal): Promise<Catalogue> {
    if (catalogue && Date.now() - catalogue.fetchedAt < ttl) return catalogue;
    const parsed = languagesSchema.safeParse(
      await requestJson(`${base}/languages`, { method: "GET", headers: { accept: "application/json" } }, signal),
    );
    if (!parsed.success) throw new TranslationFailedError("malformed", `GET ${base}/languages: unexpected body`);
    const offered = new Map(parsed.data.map((l) => [l.code, l.targets ? new Set(l.targets) : null]));
    const codes = new Map<LanguageCode, string>();
    for (const code of LANGUAGE_CODES) {
      const own = CANDIDATES[code].find((c) => offered.has(c));
      if (own) codes.set(code, own);
    }
    catalogue = { codes, targets: offered, fetchedAt: Date.now() };
    return catalogue;
  }

  return {
    provider: "libretranslate",

    async languages(signal) {
      try {
        return [...(await loadCatalogue(signal)).codes.keys()];
      } catch {
        // Unknown for now (server down): offer all, and let a translation attempt report the failure.
        return [...LANGUAGE_CODES];
      }
    },

    async translate(texts, source, target, signal) {
      if (texts.length === 0) return [];
      let from = source as string;
      let to = target as string;
      const known = await loadCatalogue(signal).catch((error: unknown) => {
        if (error instanceof TranslationFailedError && error.reason !== "timeout") return null;
        throw error;
      });
      if (known) {
        const sourceCode = known.codes.get(source);
        const targetCode = known.codes.get(target);
        const targets = sourceCode ? known.targets.get(sourceCode) : undefined;
        if (!sourceCode || !targetCode || (targets && !targets.has(targetCode)))
          throw new UnsupportedLanguageError(source, target);
        from = sourceCode;
        to = targetCode;
      }
      const body = { q: texts, source: from, target: to, format: "text", ...(options.apiKey ? { api_key: options.apiKey } : {}) };
      const json = await requestJson(
        `${base}/translate`,
        {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(body),
        },
        signal,
      );
      const parsed = translateSchema.safeParse(json);
      const translated = parsed.success ? [parsed.data.translatedText].flat() : null;
      if (!translated || translated.length !== texts.length) {
        throw new TranslationFailedError("malformed", `POST ${base}/translate: expected ${texts.length} translations`);
      }
      return translated;
    },
  };
}

import { z } from "zod";

import type { LanguageCode } from "../../domain/languages.ts";
import { requestJson } from "./http.ts";
import { TranslationFailedError, UnsupportedLanguageError, type Translator } from "./translator.ts";

/**
 * Our languages in DeepL's codes (developers.deepl.com, "Languages supported"). Source codes are bare
 * languages; targets name a variant where DeepL asks for one (EN → EN-US, ZH → ZH-HANS, simplified as
 * our zh). Uzbek, Kazakh and Turkmen are not in DeepL's generally available list (at most among its
 * beta languages, which need `enable_beta_languages` and may change), so this adapter reports them as
 * unsupported and the toggle hides for those readers and jobs.
 */
const DEEPL_SOURCE: Partial<Record<LanguageCode, string>> = {
  ru: "RU",
  en: "EN",
  es: "ES",
  de: "DE",
  fr: "FR",
  ar: "AR",
  zh: "ZH",
};
const DEEPL_TARGET: Partial<Record<LanguageCode, string>> = {
  ru: "RU",
  en: "EN-US",
  es: "ES",
  de: "DE",
  fr: "FR",
  ar: "AR",
  zh: "ZH-HANS",
};

const responseSchema = z.object({ translations: z.array(z.object({ text: z.string() })) });

export type DeepLOptions = { url: string; apiKey: string };

/**
 * DeepL's text translation: POST {url}/v2/translate with `Authorization: DeepL-Auth-Key <key>` and a
 * JSON body { text: [...], source_lang, target_lang }, answering { translations: [{ text }] } in order.
 */
export function deeplTranslator(options: DeepLOptions): Translator {
  const endpoint = `${options.url.replace(/\/+$/, "").replace(/\/v2$/, "")}/v2/translate`;
  const supported = (Object.keys(DEEPL_SOURCE) as LanguageCode[]).filter((code) => DEEPL_TARGET[code]);
  return {
    provider: "deepl",

    async languages() {
      return [...supported];
    },

    async translate(texts, source, target, signal) {
      const sourceLang = DEEPL_SOURCE[source];
      const targetLang = DEEPL_TARGET[target];
      if (!sourceLang || !targetLang) throw new UnsupportedLanguageError(source, target);
      if (texts.length === 0) return [];
      const json = await requestJson(
        endpoint,
        {
          method: "POST",
          headers: {
            authorization: `DeepL-Auth-Key ${options.apiKey}`,
            "content-type": "application/json",
            accept: "application/json",
          },
          body: JSON.stringify({ text: texts, source_lang: sourceLang, target_lang: targetLang }),
        },
        signal,
      );
      const parsed = responseSchema.safeParse(json);
      if (!parsed.success || parsed.data.translations.length !== texts.length) {
        throw new TranslationFailedError("malformed", `POST ${endpoint}: expected ${texts.length} translations`);
      }
      return parsed.data.translations.map((t) => t.text);
    },
  };
}

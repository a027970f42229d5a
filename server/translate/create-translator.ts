import type { TranslateConfig } from "./config.ts";
import { deeplTranslator } from "./deepl.ts";
import { libreTranslateTranslator } from "./libretranslate.ts";
import type { Translator } from "./translator.ts";

/** The configured provider's adapter, or null when machine translation is switched off. */
export function createTranslator(config: TranslateConfig): Translator | null {
  switch (config.provider) {
    case "none":
      return null;
    case "libretranslate":
      return libreTranslateTranslator({ url: config.url, apiKey: config.apiKey });
    case "deepl":
      return deeplTranslator({ url: config.url, apiKey: config.apiKey });
  }
}

/** Which machine-translation provider the server uses, read from the environment at boot. */
export type TranslateConfig =
  | { provider: "none"; timeoutMs: number }
  | { provider: "libretranslate"; url: string; apiKey: string | null; timeoutMs: number }
  | { provider: "deepl"; url: string; apiKey: string; timeoutMs: number };

export type TranslateEnv = {
  TRANSLATE_PROVIDER: "none" | "libretranslate" | "deepl";
  LIBRETRANSLATE_URL?: string | undefined;
  LIBRETRANSLATE_API_KEY?: string | undefined;
  DEEPL_API_KEY?: string | undefined;
  DEEPL_API_URL?: string | undefined;
  TRANSLATE_TIMEOUT_MS: number;
};

/** DeepL serves Free API keys (suffix ":fx") and Pro keys from different hosts. */
export const DEEPL_FREE_URL = "https://api-free.deepl.com";
export const DEEPL_PRO_URL = "https://api.deepl.com";

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, "");
}

/** The provider settings; refuses to boot when the chosen provider lacks its URL or key. */
export function translateConfig(env: TranslateEnv): TranslateConfig {
  const timeoutMs = env.TRANSLATE_TIMEOUT_MS;
  switch (env.TRANSLATE_PROVIDER) {
    case "none":
      return { provider: "none", timeoutMs };
    case "libretranslate": {
      if (!env.LIBRETRANSLATE_URL) throw new Error("LIBRETRANSLATE_URL is required when TRANSLATE_PROVIDER=libretranslate");
      return {
        provider: "libretranslate",
        url: httpUrl("LIBRETRANSLATE_URL", env.LIBRETRANSLATE_URL),
        apiKey: env.LIBRETRANSLATE_API_KEY || null,
        timeoutMs,
      };
    }
    case "deepl": {
      const apiKey = env.DEEPL_API_KEY;
      if (!apiKey) throw new Error("DEEPL_API_KEY is required when TRANSLATE_PROVIDER=deepl");
      const url = env.DEEPL_API_URL || (apiKey.endsWith(":fx") ? DEEPL_FREE_URL : DEEPL_PRO_URL);
      // Accept the base with or without the version segment; the adapter adds /v2/translate.
      return { provider: "deepl", url: httpUrl("DEEPL_API_URL", url).replace(/\/v2$/, ""), apiKey, timeoutMs };
    }
  }
}

import type { LanguageCode } from "../../domain/languages.ts";

export type TranslateProvider = "libretranslate" | "deepl";

/** A machine-translation service. Adapters speak the provider's HTTP API; the cache sits above them. */
export interface Translator {
  readonly provider: TranslateProvider;
  /** Our languages this provider can translate from and into. Never throws. */
  languages(signal: AbortSignal): Promise<LanguageCode[]>;
  /**
   * Translates each text from `source` into `target`, answering in the same order. Throws
   * `UnsupportedLanguageError` for a language the provider lacks and `TranslationFailedError` when the
   * provider fails, times out or answers something unreadable.
   */
  translate(texts: string[], source: LanguageCode, target: LanguageCode, signal: AbortSignal): Promise<string[]>;
}

/** Why a provider call failed: for the server log, never for the person. */
export type FailureReason = "timeout" | "network" | "http" | "malformed";

export class TranslationFailedError extends Error {
  override name = "TranslationFailedError";
  readonly reason: FailureReason;
  constructor(reason: FailureReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

export class UnsupportedLanguageError extends Error {
  override name = "UnsupportedLanguageError";
  readonly source: LanguageCode;
  readonly target: LanguageCode;
  constructor(source: LanguageCode, target: LanguageCode) {
    super(`translation from ${source} into ${target} is not supported by the provider`);
    this.source = source;
    this.target = target;
  }
}

/** Paraglide compiler options shared by the build plugin and the `gen` script. */
export const paraglideOptions = {
  project: "./messages/project.inlang",
  outdir: "./src/paraglide",
  // The chosen language is kept in localStorage under `language` (docs/product.md, Languages and translation).
  localStorageKey: "language",
  // Mirrored in a cookie of the same name, so the server can write the page in it (lang, dir, the
  // language's messages preloaded, place names in the first page of jobs).
  cookieName: "language",
  strategy: ["localStorage", "cookie", "preferredLanguage", "baseLocale"] as (
    "localStorage" | "cookie" | "preferredLanguage" | "baseLocale"
  )[],
  // One module per language, so the build can ship the reader's alone (scripts/vite-locale-messages.ts).
  outputStructure: "locale-modules" as const,
  emitTsDeclarations: false,
};

/**
 * The same messages compiled for the server (e-mails, pushes, the unsubscribe page), which names the
 * recipient's locale on every call (`m.key(params, { locale })`): no browser strategies, and no
 * request-scoped locale (AsyncLocalStorage) to fall back on.
 */
export const serverParaglideOptions = {
  project: "./messages/project.inlang",
  outdir: "./server/i18n/paraglide",
  strategy: ["baseLocale"] as "baseLocale"[],
  disableAsyncLocalStorage: true,
  // Eleven modules instead of one per message: the server loads every message at start, and a module
  // per message made that seconds of it.
  outputStructure: "locale-modules" as const,
  emitTsDeclarations: false,
};

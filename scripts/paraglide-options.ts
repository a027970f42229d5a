/** Paraglide compiler options shared by the build plugin and the `gen` script. */
export const paraglideOptions = {
  project: "./messages/project.inlang",
  outdir: "./src/paraglide",
  // The chosen language is kept in localStorage under `language` (docs/product.md, Languages and translation).
  localStorageKey: "language",
  strategy: ["localStorage", "preferredLanguage", "baseLocale"] as ("localStorage" | "preferredLanguage" | "baseLocale")[],
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
  emitTsDeclarations: false,
};

/** Paraglide compiler options shared by the build plugin and the `gen` script. */
export const paraglideOptions = {
  project: "./messages/project.inlang",
  outdir: "./src/paraglide",
  // The chosen language is kept in localStorage under `language` (docs/product.md, Languages and translation).
  localStorageKey: "language",
  strategy: ["localStorage", "preferredLanguage", "baseLocale"] as ("localStorage" | "preferredLanguage" | "baseLocale")[],
  emitTsDeclarations: false,
};

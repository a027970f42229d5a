/** Paraglide compiler options shared by the build plugin and the `gen` script. */
export const paraglideOptions = {
  project: "./messages/project.inlang",
  outdir: "./src/paraglide",
  // SPEC.md keeps the choice in localStorage under `language`.
  localStorageKey: "language",
  strategy: ["localStorage", "preferredLanguage", "baseLocale"] as ("localStorage" | "preferredLanguage" | "baseLocale")[],
  emitTsDeclarations: false,
};

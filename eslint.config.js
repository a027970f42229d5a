import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Import boundaries (docs/working-in-this-repo.md): domain imports nothing of ours; db only domain;
// src only domain, and from server the router's type alone.
const ours = (...folders) => folders.map((folder) => `**/${folder}/**`);

export default tseslint.config(
  {
    ignores: [
      "dist",
      "node_modules",
      "src/paraglide",
      "server/i18n/paraglide",
      "src/routeTree.gen.ts",
      "e2e/.artifacts",
      "data",
      ".data-test",
      ".scratch",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      // Type-aware rules that catch real bugs: a promise nobody awaits or handles, a promise where a
      // boolean or a void callback is expected, awaiting something that is not a promise.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/switch-exhaustiveness-check": "error",
    },
  },
  {
    files: ["domain/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ours("db", "server", "src", "scripts", "e2e", "bench", "faults"),
              message: "domain/ holds pure rules: it imports nothing of ours.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["db/**/*.ts"],
    ignores: ["db/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ours("server", "src", "scripts", "e2e", "bench", "faults"), message: "db/ builds on domain/ only." },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ours("src", "scripts", "e2e", "bench", "faults"), message: "server/ builds on domain/ and db/ only." },
          ],
        },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                ...ours("db", "scripts", "e2e", "bench", "faults"),
                "**/server/**",
                "!**/server/trpc/router",
                "!**/server/trpc/router.ts",
              ],
              message: "src/ imports domain/ and, from server/, only the router's type.",
            },
            {
              group: ["**/server/trpc/router", "**/server/trpc/router.ts"],
              allowTypeImports: true,
              message: "Import the router's type only: import type { AppRouter }.",
            },
          ],
        },
      ],
    },
  },
  { files: ["**/*.js"], extends: [tseslint.configs.disableTypeChecked] },
);

import { paraglideVitePlugin } from "@inlang/paraglide-js";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

import { paraglideOptions } from "./scripts/paraglide-options.ts";
import { routerGeneratorOptions } from "./scripts/router-options.ts";

const apiTarget = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  // The router plugin must come before react() or code splitting silently fails (docs/working-in-this-repo.md, Stack facts).
  plugins: [tanstackRouter(routerGeneratorOptions), react(), tailwindcss(), paraglideVitePlugin(paraglideOptions)],
  server: {
    port: 5173,
    proxy: {
      "/api/trpc": { target: apiTarget, ws: true, changeOrigin: false },
      "/api": { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // A missing paraglide message is only a warning by default: make it fail the build.
        if (warning.code === "IMPORT_IS_UNDEFINED" || warning.code === "MISSING_EXPORT") {
          throw new Error(`build stopped: ${warning.message}`);
        }
        warn(warning);
      },
    },
  },
});

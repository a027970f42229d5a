import path from "node:path";
import { build, type BuildEnvironmentOptions } from "vite";

/**
 * `vite build` with vite.config.ts as `npm run build` runs it, from a test: vitest sets NODE_ENV=test,
 * under which Vite builds packages' development code (React's, and TanStack Router's `development`
 * export) and `import.meta.env.DEV` code.
 */
export async function productionBuild(options: BuildEnvironmentOptions): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ configFile: path.resolve("vite.config.ts"), mode: "production", logLevel: "error", build: options });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import { FIRST_SCREEN_RENDER_FILE } from "../http/first-screen-markup.ts";

/**
 * Puts in a test's static folder a server render that runs the app's route loaders from source
 * (src/entry-server.tsx, compiled by vitest as it imports it) instead of a `vite build --ssr`: the page's
 * data, routes, status and head come from the routes as in production, in seconds rather than a build.
 * Server-side rendering itself is left out, as if it failed (its test is scripts/first-screen-render.test.ts).
 */
export async function loadersFromSource(staticDir: string): Promise<void> {
  const file = path.join(staticDir, FIRST_SCREEN_RENDER_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  const source = JSON.stringify(path.resolve("src/entry-server.tsx"));
  await writeFile(
    file,
    `import { loadFirstScreen as load } from ${source};
export const loadFirstScreen = async (page) => ({ ...(await load(page)), render: () => { throw new Error("not rendered in this test"); } });
`,
  );
}

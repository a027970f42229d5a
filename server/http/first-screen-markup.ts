import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { DehydratedState, QueryClient } from "@tanstack/react-query";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { FastifyBaseLogger } from "fastify";

import type { FirstScreenLoad, FirstScreenRender, LoadedFirstScreen } from "../../domain/first-screen.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import type { AppRouter } from "../trpc/router.ts";

/** Where `vite build --ssr` writes the render (vite.config.ts); a dot-folder, which is never served. */
export const FIRST_SCREEN_RENDER_FILE = path.join(".ssr", "entry-server.js");

/** The built index.html's #root and what it holds (the header shell), up to the end of the body. */
const ROOT = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;
/** The built index.html's entry script (the app's code). */
const ENTRY = /<script type="module" crossorigin src="(\/[^"]+\.js)"><\/script>/;
/** What a drawn page's preloads of the app's code carry. */
export const LOW_PRIORITY = ' fetchpriority="low"';

/** How a drawn page's script that starts the app after the first paint begins (its attributes follow). */
export const FIRST_PAINT_SCRIPT = '<script src="/first-paint.js"';
/** The built index.html's own stylesheets (the app's one). */
const STYLESHEET = /<link rel="stylesheet"[^>]* href="\/([^"]+\.css)"[^>]*>/g;

/** The procedures as the app's loaders call them on the server, in-process with the reader's session. */
export type ServerTrpc = (queryClient: QueryClient) => TRPCOptionsProxy<AppRouter>;

export type FirstScreenMarkup = {
  /** The page (the built index.html) with its first screen drawn inside #root, or null when it cannot be drawn. */
  draw(page: { url: string; language: LanguageCode; state: DehydratedState }): Promise<string | null>;
  /**
   * The app's loaders run for a signed-in reader's page: the data they read and the routes matched, with
   * the page (the built index.html) drawn around it when `draw` and the page loaded. Null without a
   * built render or when the loaders failed to run.
   */
  load(page: {
    url: string;
    language: LanguageCode;
    trpc: ServerTrpc;
    draw: boolean;
  }): Promise<(LoadedFirstScreen<DehydratedState> & { page: string | null }) | null>;
};

type RenderModule = {
  renderFirstScreen: FirstScreenRender<DehydratedState>;
  loadFirstScreen?: FirstScreenLoad<DehydratedState, QueryClient, TRPCOptionsProxy<AppRouter>>;
};

/**
 * The first screen of a page as markup in the HTML, so a phone paints the jobs before the app's code has
 * arrived and run. The app then draws the page itself in place of it (src/main.tsx, createRoot): nothing is
 * hydrated, so a difference between the two (a phone's layout, the reader's currency) cannot break the page.
 * Until then the markup is `inert`: a tap or a keystroke cannot land on a copy that is about to be replaced.
 * The stylesheet comes inside such a page rather than linked: the jobs are painted from the HTML alone,
 * a round trip sooner on a phone network (the app's code never waits for it). The app's code is fetched
 * at once but started by `public/first-paint.js` after the first paint, so it never holds that up.
 * Without a built render (tests, the dev server) pages come as before, with the header shell.
 */
export function firstScreenMarkup(staticDir: string, template: string, log: FastifyBaseLogger): FirstScreenMarkup {
  const file = path.join(staticDir, FIRST_SCREEN_RENDER_FILE);
  const notDrawn: FirstScreenMarkup = { draw: async () => null, load: async () => null };
  if (!existsSync(file)) return notDrawn;
  // What a drawn page is around its markup, the same for every page, made once: the stylesheet inside,
  // and the app's code not what the first paint waits for (fetched at low priority, started after it).
  let drawnPage = template;
  for (const [link, href] of template.matchAll(STYLESHEET)) {
    const css = readFileSync(path.join(staticDir, href ?? ""), "utf8");
    drawnPage = drawnPage.replace(link, () => `<style>${css}</style>`);
  }
  drawnPage = drawnPage
    .replaceAll('<link rel="modulepreload" crossorigin', `<link rel="modulepreload"${LOW_PRIORITY} crossorigin`)
    .replace(
      ENTRY,
      (_tag, src: string) =>
        `<link rel="modulepreload"${LOW_PRIORITY} crossorigin href="${src}">${FIRST_PAINT_SCRIPT} data-entry="${src}" defer></script>`,
    );
  const root = ROOT.exec(drawnPage);
  if (!root) return notDrawn;
  const before = drawnPage.slice(0, root.index);
  const after = drawnPage.slice(root.index + root[0].length);

  const module: Promise<RenderModule | null> = import(pathToFileURL(file).href).then(
    (loaded: RenderModule) => loaded,
    (err: unknown) => {
      log.error({ err }, "the first screen's render could not be loaded; pages come without it");
      return null;
    },
  );
  return {
    async draw(page) {
      const renderPage = (await module)?.renderFirstScreen;
      if (!renderPage) return null;
      try {
        const markup = await renderPage(page);
        if (markup === null) return null;
        // What SERVER_DRAWN_SCREEN finds.
        return `${before}<div id="root"><div inert>${markup}</div></div>${after}`;
      } catch (err) {
        log.warn({ err, url: page.url }, "the first screen could not be drawn; the page comes without it");
        return null;
      }
    },
    async load(page) {
      const loadPage = (await module)?.loadFirstScreen;
      if (!loadPage) return null;
      try {
        const loaded = await loadPage(page);
        const drawn = loaded.markup === null ? null : `${before}<div id="root"><div inert>${loaded.markup}</div></div>${after}`;
        return { ...loaded, page: drawn };
      } catch (err) {
        log.warn({ err, url: page.url }, "the page's loaders could not run on the server; the page loads its data itself");
        return null;
      }
    },
  };
}

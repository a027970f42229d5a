import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { DehydratedState, QueryClient } from "@tanstack/react-query";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { FastifyBaseLogger } from "fastify";

import type { FirstScreenLoad, LoadedPage, Reader } from "../../domain/first-screen.ts";
import type { LanguageCode } from "../../domain/languages.ts";
import type { AppRouter } from "../trpc/router.ts";

/** Where `vite build --ssr` writes the render (vite.config.ts); a dot-folder, which is never served. */
export const FIRST_SCREEN_RENDER_FILE = path.join(".ssr", "entry-server.js");

/** The built index.html's #root and what it holds (the header shell), up to the end of the body. */
const ROOT = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;
/** The built index.html's entry script (the app's code). */
const ENTRY = /<script type="module" crossorigin src="(\/[^"]+\.js)"><\/script>/;
/** What a server-rendered page's preloads of the app's code carry. */
export const LOW_PRIORITY = ' fetchpriority="low"';

/** How a server-rendered page's script that starts the app after the first paint begins (its attributes follow). */
export const FIRST_PAINT_SCRIPT = '<script src="/first-paint.js"';
/** The built index.html's own stylesheets (the app's one). */
const STYLESHEET = /<link rel="stylesheet"[^>]* href="\/([^"]+\.css)"[^>]*>/g;

/** The procedures as the app's loaders call them on the server, in-process with the reader's session. */
export type ServerTrpc = (queryClient: QueryClient) => TRPCOptionsProxy<AppRouter>;

/** A page as its routes loaded it, and the document around its server-rendered first screen (null: not rendered). */
export type LoadedFirstScreen = Omit<LoadedPage<DehydratedState>, "render"> & { page: string | null };

export type FirstScreenMarkup = {
  /**
   * The matched routes' loaders run for a page (src/entry-server.tsx), and the page (the built index.html)
   * with its first screen rendered inside when `render` allows it and the route asks for it. Null without a
   * built render (tests, the dev server) or when the loaders failed to run: the page then loads its data itself.
   */
  load(page: {
    url: string;
    language: LanguageCode;
    reader: Reader;
    trpc: ServerTrpc;
    render: boolean;
  }): Promise<LoadedFirstScreen | null>;
};

type RenderModule = { loadFirstScreen: FirstScreenLoad<DehydratedState, QueryClient, TRPCOptionsProxy<AppRouter>> };

/**
 * Server-side rendering of a page's first screen, so a phone paints jobs before the app's code runs. The app
 * replaces it rather than hydrating, so a mismatch cannot break the page (docs/decisions/037).
 */
export function firstScreenMarkup(staticDir: string, template: string, log: FastifyBaseLogger): FirstScreenMarkup {
  const file = path.join(staticDir, FIRST_SCREEN_RENDER_FILE);
  if (!existsSync(file)) return { load: async () => null };
  const around = renderedPageAround(staticDir, template);

  const module: Promise<RenderModule | null> = import(pathToFileURL(file).href).then(
    (loaded: RenderModule) => loaded,
    (err: unknown) => {
      log.error({ err }, "the first screen's render could not be loaded; pages come without it");
      return null;
    },
  );
  return {
    async load(page) {
      const loadPage = (await module)?.loadFirstScreen;
      if (!loadPage) return null;
      let loaded: LoadedPage<DehydratedState>;
      try {
        loaded = await loadPage(page);
      } catch (err) {
        log.warn({ err, url: page.url }, "the page's loaders could not run on the server; the page loads its data itself");
        return null;
      }
      const { render, ...rest } = loaded;
      if (!rest.serverRendered || !page.render || !around) return { ...rest, page: null };
      try {
        // What SERVER_RENDERED_SCREEN finds.
        return { ...rest, page: `${around.before}<div id="root"><div inert>${render()}</div></div>${around.after}` };
      } catch (err) {
        log.warn({ err, url: page.url }, "the first screen could not be rendered; the page comes without it");
        return { ...rest, page: null };
      }
    },
  };
}

/**
 * What a server-rendered page is around its markup, the same for every page, made once: the stylesheet
 * inside, and the app's code not what the first paint waits for (fetched at low priority, started after it).
 */
function renderedPageAround(staticDir: string, template: string): { before: string; after: string } | null {
  let page = template;
  for (const [link, href] of template.matchAll(STYLESHEET)) {
    const css = readFileSync(path.join(staticDir, href ?? ""), "utf8");
    page = page.replace(link, () => `<style>${css}</style>`);
  }
  page = page
    .replaceAll('<link rel="modulepreload" crossorigin', `<link rel="modulepreload"${LOW_PRIORITY} crossorigin`)
    .replace(
      ENTRY,
      (_tag, src: string) =>
        `<link rel="modulepreload"${LOW_PRIORITY} crossorigin href="${src}">${FIRST_PAINT_SCRIPT} data-entry="${src}" defer></script>`,
    );
  const root = ROOT.exec(page);
  if (!root) return null;
  return { before: page.slice(0, root.index), after: page.slice(root.index + root[0].length) };
}

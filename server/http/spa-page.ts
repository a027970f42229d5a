import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { DehydratedState } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import superjson from "superjson";

import { FIRST_SCREEN_ELEMENT_ID, LANDING_PAGES, type FirstScreen, type PageHead } from "../../domain/first-screen.ts";
import { textDirection, type LanguageCode } from "../../domain/languages.ts";
import { m } from "../i18n/paraglide/messages.js";
import { pageLanguage } from "../i18n/request-language.ts";
import { mayCarrySession } from "../session/session-user.ts";
import { createContext, type ContextDeps } from "../trpc/context.ts";
import { appRouter } from "../trpc/router.ts";
import { FIRST_PAINT_SCRIPT, firstScreenMarkup, LOW_PRIORITY, type LoadedFirstScreen } from "./first-screen-markup.ts";
import { escapeHtml } from "./html.ts";
import { isSpaPage } from "./page-paths.ts";
import { plainHead, shareHead } from "./share-meta.ts";
import { visitorPageMicroCache, type CachedPage, type Page } from "./visitor-page-micro-cache.ts";
import { importsOf, type Manifest } from "./vite-manifest.ts";

type SpaPageDeps = { staticDir: string; context: ContextDeps; log: FastifyBaseLogger };

/**
 * The SPA's index.html for a request, and the status to send it with (404 for a page that is not there);
 * a page from the visitors' micro-cache also comes compressed.
 */
export type SpaPage = (request: FastifyRequest) => Promise<Page | CachedPage>;

/**
 * The SPA's page for a request, with what the matched routes' loaders read dehydrated into it, their code
 * preloaded and, where a route asks, server-side rendering of its first screen (docs/decisions/037, 052).
 * Visitors' pages come from a micro-cache (docs/decisions/039).
 */
export function spaPage(deps: SpaPageDeps): SpaPage {
  const template = readFileSync(path.join(deps.staticDir, "index.html"), "utf8").replace(/<title>[^<]*<\/title>/, "");
  const manifestFile = path.join(deps.staticDir, ".vite", "manifest.json");
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
  const inEntry = importsOf(manifest, ["index.html"]);
  const routeChunks = routeComponentChunks(manifest);
  const markup = firstScreenMarkup(deps.staticDir, template, deps.log);
  const publicUrl = deps.context.config.publicUrl;
  const microCache = visitorPageMicroCache(deps.context.config.visitorPageCacheMs);

  return async (request) => {
    const language = pageLanguage(request.headers);
    const hasQuery = request.url.includes("?");
    // Without a session cookie the reader is a visitor, whose page is the same for every visitor reading in
    // that language. An address with a query is loaded per request, neither rendered nor cached: any query
    // would otherwise make a page, and a render, of its own.
    if (hasQuery || (await mayCarrySession(deps.context.auth, request.headers))) return pageFor(request, language);
    const urlPath = request.url.split("?")[0] ?? "/";
    return microCache.get(`${language} ${urlPath}`, () => pageFor(request, language));
  };

  /** The page for a request; `cache` when it is a visitor's server-rendered page, which others may be served. */
  async function pageFor(request: FastifyRequest, language: LanguageCode): Promise<Page & { cache: boolean }> {
    const urlPath = request.url.split("?")[0] ?? "/";
    const loaded = await load(request, language);
    const spa = isSpaPage(urlPath);
    const status = spa ? (loaded?.status ?? 200) : 404;
    const messages = `src/paraglide/messages/${language}.js`;
    const routes = (loaded?.routeIds ?? []).map((id) => routeChunks.get(id)).filter((key) => key !== undefined);
    // A landing page rendered on the server for this reader has its messages in the first part of the
    // language; any other page needs the rest with its first screen (docs/decisions/052).
    const landing = loaded?.serverRendered === true && routes.some((chunk) => LANDING_PAGES.includes(chunk));
    const chunks = [messages, ...(landing ? [] : [`${messages}?rest`]), ...routes];
    const head = pageHead(status, spa ? (loaded?.head ?? null) : null, language);
    const screen: FirstScreen<DehydratedState> | null = loaded && { language, state: loaded.state };
    const html = pageOf({ page: loaded?.page ?? null, head, chunks, state: screen && encodeState(screen) }, language);
    return { status, html, cache: loaded?.page != null && status === 200 && loaded.reader === "visitor" };
  }

  /** What the matched routes' loaders read on the server with the reader's own session; null when they could not run. */
  async function load(request: FastifyRequest, language: LanguageCode) {
    try {
      const ctx = await createContext(deps.context, { ...request.headers, "x-locale": language }, undefined, request.log);
      const reader = ctx.user ? "member" : "visitor";
      const loaded: LoadedFirstScreen | null = await markup.load({
        url: request.url,
        language,
        reader,
        trpc: (queryClient) => createTRPCOptionsProxy({ router: appRouter, ctx, queryClient }),
        // A visitor's address with a query is not rendered: it is not cached (see above).
        render: reader === "member" || !request.url.includes("?"),
      });
      return loaded && { ...loaded, reader };
    } catch (err) {
      request.log.warn({ err }, "a page's data could not be read on the server; the page loads it itself");
      return null;
    }
  }

  /** The page's head: a shared page's preview, or a title that says what is (not) there. */
  function pageHead(status: 200 | 404, routes: PageHead | null, language: LanguageCode): string {
    if (status === 404) {
      return plainHead(routes?.title ?? m.not_found_title({}, { locale: language }), language, { noindex: true });
    }
    if (routes?.share) {
      const title = routes.title ?? m.app_name({}, { locale: language });
      return shareHead({ ...routes.share, title }, language, publicUrl);
    }
    return plainHead(routes?.title ?? null, language, { noindex: false });
  }

  /** The page sent: its head, the chunks its first screen needs preloaded, its data, rendered or not. */
  function pageOf(
    screen: { page: string | null; head: string; chunks: string[]; state: string | null },
    language: LanguageCode,
  ): string {
    const { chunks, page } = screen;
    const messages = `src/paraglide/messages/${language}.js`;
    const ownCode = [...importsOf(manifest, chunks)].filter((key) => !inEntry.has(key));
    // A server-rendered page's own code (its routes' chunks, the rest of the language) is asked for once the
    // page is painted (public/first-paint.js), not with it: every page's code still comes at once, low priority.
    const first = page ? importsOf(manifest, [messages]) : null;
    const preloads = ownCode
      .filter((key) => !first || first.has(key))
      .map((key) => `<link rel="modulepreload"${page ? LOW_PRIORITY : ""} crossorigin href="/${manifest[key]?.file}">`);
    const afterPaint = first ? ownCode.filter((key) => !first.has(key)).map((key) => `/${manifest[key]?.file}`) : [];
    return (
      (page ?? template)
        // Replaced by functions: a "$&" in a job's title is text, not a replacement pattern.
        .replace(/<html lang="[^"]*">/, () => `<html lang="${language}" dir="${textDirection(language)}">`)
        // The header shell's skip link (index.html), in the reader's language as the app's own.
        .replace(">Skip to content</a>", () => `>${escapeHtml(m.skip_to_content({}, { locale: language }))}</a>`)
        .replace("</head>", () => `${screen.head}${preloads.join("")}</head>`)
        .replace(FIRST_PAINT_SCRIPT, (tag) => (afterPaint.length ? `${tag} data-after-paint="${afterPaint.join(" ")}"` : tag))
        .replace(
          "</body>",
          () =>
            `${screen.state ? `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${screen.state}</script>` : ""}</body>`,
        )
    );
  }
}

/** The first screen's data as the text of a JSON script element. */
function encodeState(screen: FirstScreen<DehydratedState>): string {
  // Inside a script element only "</script" could end it early: no "<" is left in the JSON text.
  return superjson.stringify(screen).replaceAll("<", "\\u003c");
}

/**
 * Each route's code-split component in Vite's manifest, by the route's id as TanStack Router names it:
 * `src/routes/_authed/chats.index.tsx?tsr-split=component` is the route "/_authed/chats/".
 */
export function routeComponentChunks(manifest: Manifest): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const key of Object.keys(manifest)) {
    const file = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/.exec(key)?.[1];
    if (file === undefined) continue;
    const id = `/${file.replaceAll(".", "/")}`.replace(/(^|\/)index$/, "$1");
    chunks.set(id, key);
  }
  return chunks;
}

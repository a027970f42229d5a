import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { dehydrate, QueryClient } from "@tanstack/react-query";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import superjson from "superjson";

import { FIRST_SCREEN_ELEMENT_ID, type FirstScreen } from "../../domain/first-screen.ts";
import { textDirection, type LanguageCode } from "../../domain/languages.ts";
import { pageLanguage } from "../i18n/request-language.ts";
import { createContext, type ContextDeps } from "../trpc/context.ts";
import { appRouter } from "../trpc/router.ts";
import { importsOf, type Manifest } from "./vite-manifest.ts";

/** The pages whose own data the server puts in, and the code-split chunk each renders with. */
const PAGES = [
  { pattern: /^\/$/, chunk: "src/routes/index.tsx?tsr-split=component" },
  { pattern: /^\/jobs\/([0-9a-f-]{36})$/i, chunk: "src/routes/jobs/$jobId.tsx?tsr-split=component" },
] as const;

type SpaPageDeps = { staticDir: string; context: ContextDeps; log: FastifyBaseLogger };

/** The SPA's index.html for a request: in the reader's language, with its first screen's data and chunks. */
export type SpaPage = (request: FastifyRequest) => Promise<string>;

/**
 * Reads the built index.html and manifest once. Each page request gets the document in its reader's
 * language (lang, dir), the chunks its first screen needs preloaded (its language's messages, the
 * page's code-split component), and, for the home list and a job page, the data they show as
 * dehydrated React Query state. Nothing here is cached between requests: the state is the reader's.
 */
export function spaPage(deps: SpaPageDeps): SpaPage {
  const template = readFileSync(path.join(deps.staticDir, "index.html"), "utf8");
  const manifestFile = path.join(deps.staticDir, ".vite", "manifest.json");
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
  const inEntry = importsOf(manifest, ["index.html"]);

  return async (request) => {
    const language = pageLanguage(request.headers);
    const urlPath = request.url.split("?")[0] ?? "/";
    const hasQuery = request.url.includes("?");
    const page = PAGES.find((p) => p.pattern.test(urlPath));
    const chunks = [`src/paraglide/messages/${language}.js`, ...(page ? [page.chunk] : [])];
    const preloads = [...importsOf(manifest, chunks)]
      .filter((key) => !inEntry.has(key))
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`);
    // The home list only without filters in the address: with them, the query is the URL's, the SPA's.
    const list = page === PAGES[0] && !hasQuery;
    const jobId = page === PAGES[1] ? urlPath.match(PAGES[1].pattern)?.[1] : undefined;
    const screen = await firstScreen(deps, request, language, { list, jobId });
    return template
      .replace(/<html lang="[^"]*">/, `<html lang="${language}" dir="${textDirection(language)}">`)
      .replace("</head>", `${preloads.join("")}</head>`)
      .replace(
        "</body>",
        `${screen ? `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${screen}</script>` : ""}</body>`,
      );
  };
}

/**
 * The queries the page's first screen reads, run through the router with the reader's own session,
 * dehydrated and encoded for a JSON script element. Null when nothing could be read: the SPA then
 * fetches as it would without it.
 */
async function firstScreen(
  deps: SpaPageDeps,
  request: FastifyRequest,
  language: LanguageCode,
  page: { list: boolean; jobId: string | undefined },
): Promise<string | null> {
  try {
    const ctx = await createContext(deps.context, { ...request.headers, "x-locale": language });
    const queryClient = new QueryClient();
    const api = createTRPCOptionsProxy({ router: appRouter, ctx, queryClient });
    const reads: Promise<void>[] = [
      // What every page reads: who is signed in (the header), and the rates every price's "≈" line
      // needs. (Whether texts can be translated may ask the translation service: never on this path.)
      queryClient.prefetchQuery(api.profiles.me.queryOptions()),
      queryClient.prefetchQuery(api.currency.rates.queryOptions()),
    ];
    if (page.jobId) reads.push(queryClient.prefetchQuery(api.jobs.byId.queryOptions({ jobId: page.jobId })));
    if (page.list) {
      const firstPage = api.jobs.search.infiniteQueryOptions({}, { getNextPageParam: (p) => p.nextCursor });
      reads.push(queryClient.prefetchInfiniteQuery(firstPage));
    }
    await Promise.all(reads);
    const screen: FirstScreen<ReturnType<typeof dehydrate>> = { language, state: dehydrate(queryClient) };
    queryClient.clear();
    // Inside a script element only "</script" could end it early: no "<" is left in the JSON text.
    return superjson.stringify(screen).replaceAll("<", "\\u003c");
  } catch (err) {
    deps.log.warn({ err }, "first screen data could not be read; the page loads it itself");
    return null;
  }
}

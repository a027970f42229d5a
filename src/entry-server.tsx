import { AsyncLocalStorage } from "node:async_hooks";
import { dehydrate, QueryClient, QueryClientProvider, type DehydratedState } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";

import type { FirstScreenLoad, PageHead, Reader, SharePreview } from "../domain/first-screen.ts";
import type { LanguageCode } from "../domain/languages.ts";
import { overwriteGetLocale } from "./paraglide/runtime.js";
import { routeTree } from "./routeTree.gen.ts";
import type { Trpc } from "./trpc.ts";

// The page's language for whatever runs on its behalf, its loaders as well as its render.
const pageLanguage = new AsyncLocalStorage<LanguageCode>();
overwriteGetLocale(() => {
  const language = pageLanguage.getStore();
  if (!language) throw new Error("a message was read outside a page's render");
  return language;
});

/** How long the loaders' own prefetches (started without waiting, `void prefetchQuery`) may take to settle. */
const SETTLE_MS = 2000;

/**
 * A page's first screen on the server (server/http/first-screen-markup.ts): the matched routes' own
 * loaders run with procedures called in-process with the reader's session (`page.trpc`), so the page
 * says once what it reads; then what they read, the routes, the status and head, and the server-side
 * rendering of the first screen when the route asks for it (docs/decisions/052).
 */
export const loadFirstScreen: FirstScreenLoad<DehydratedState, QueryClient, Trpc> = (page) =>
  pageLanguage.run(page.language, () => load(page));

function pageRouter(url: string, queryClient: QueryClient, pageTrpc: Trpc) {
  return createRouter({
    routeTree,
    context: { queryClient, trpc: pageTrpc },
    history: createMemoryHistory({ initialEntries: [url] }),
    isServer: true,
  });
}

async function load(page: { url: string; language: LanguageCode; reader: Reader; trpc: (queryClient: QueryClient) => Trpc }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  const router = pageRouter(page.url, queryClient, page.trpc(queryClient));
  await router.load();
  await settled(queryClient);
  const state = dehydrate(queryClient);
  // A loader that redirects (a visitor on a member's page, onboarding not finished) resolves no location:
  // the page is left to the app, with what was read until then.
  const redirected = router.state.resolvedLocation === undefined;
  const matches = redirected ? [] : router.state.matches;
  const status = matches.some((match) => match.status === "notFound") ? 404 : 200;
  const loaded = matches.length > 0 && matches.every((match) => match.status === "success");
  const rendered = matches.at(-1)?.staticData.serverRendered;
  const forReader = rendered === "everyone" || (rendered === "visitors" && page.reader === "visitor");
  // Nothing outlives the page: on a server React Query keeps no timers (gcTime is infinite there) and the
  // client is never mounted, so both go with this call.
  const render = () =>
    pageLanguage.run(page.language, () =>
      renderToString(
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      ),
    );
  const serverRendered = loaded && forReader;
  return {
    state,
    routeIds: matches.map((match) => match.routeId),
    status,
    head: headOf(matches),
    serverRendered,
    render,
  } as const;
}

/** The page's head from its routes' `head` (the deepest route's title wins), as the server writes it. */
function headOf(matches: { meta?: unknown[]; links?: unknown[] }[]): PageHead {
  const meta = matches.flatMap((match) => match.meta ?? []) as Record<string, string | undefined>[];
  const links = matches.flatMap((match) => match.links ?? []) as Record<string, string | undefined>[];
  const title = meta.findLast((tag) => tag.title !== undefined)?.title ?? null;
  const description = meta.findLast((tag) => tag.name === "description")?.content;
  const type = meta.findLast((tag) => tag.property === "og:type")?.content;
  const path = links.findLast((link) => link.rel === "canonical")?.href;
  const share: SharePreview | null =
    description !== undefined && path !== undefined && (type === "website" || type === "profile")
      ? { description, path, type }
      : null;
  return { title, share };
}

/** Resolves once no query is fetching (the loaders' prefetches are in), or after SETTLE_MS. */
function settled(queryClient: QueryClient): Promise<void> {
  if (queryClient.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, SETTLE_MS);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
  });
}

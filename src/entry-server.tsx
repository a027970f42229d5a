import { AsyncLocalStorage } from "node:async_hooks";
import { dehydrate, hydrate, QueryClient, QueryClientProvider, type DehydratedState } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";

import type { FirstScreenLoad, FirstScreenRender } from "../domain/first-screen.ts";
import type { LanguageCode } from "../domain/languages.ts";
import { overwriteGetLocale } from "./paraglide/runtime.js";
import { routeTree } from "./routeTree.gen.ts";
import { trpc, type Trpc } from "./trpc.ts";

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
 * A page's first screen drawn by the app itself on the server (server/http/first-screen-markup.ts), from
 * the data the server read for the page: null when the page would not show its content.
 */
export const renderFirstScreen: FirstScreenRender<DehydratedState> = (page) =>
  pageLanguage.run(page.language, () => render(page));

/**
 * A signed-in reader's page: the app's own loaders run here, calling the procedures in-process with the
 * reader's session (`page.trpc`), so the page's data comes in the first response whatever the page
 * reads (docs/decisions/052); drawn too when `page.draw`.
 */
export const loadFirstScreen: FirstScreenLoad<DehydratedState, QueryClient, Trpc> = (page) =>
  pageLanguage.run(page.language, () => load(page));

function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
}

function pageRouter(url: string, queryClient: QueryClient, pageTrpc: Trpc) {
  return createRouter({
    routeTree,
    context: { queryClient, trpc: pageTrpc },
    history: createMemoryHistory({ initialEntries: [url] }),
    isServer: true,
  });
}

async function render(page: { url: string; state: DehydratedState }): Promise<string | null> {
  const queryClient = newQueryClient();
  hydrate(queryClient, page.state);
  const router = pageRouter(page.url, queryClient, trpc);
  await router.load();
  if (router.state.matches.some((match) => match.status !== "success")) return null;
  // Nothing outlives the page: on a server React Query keeps no timers (gcTime is infinite there) and
  // the client is never mounted, so both go with this call.
  return draw(router, queryClient);
}

async function load(page: { url: string; trpc: (queryClient: QueryClient) => Trpc; draw: boolean }) {
  const queryClient = newQueryClient();
  const router = pageRouter(page.url, queryClient, page.trpc(queryClient));
  await router.load();
  await settled(queryClient);
  const loaded = router.state.matches.every((match) => match.status === "success");
  const state = dehydrate(queryClient);
  const markup = loaded && page.draw ? draw(router, queryClient) : null;
  queryClient.clear();
  return { state, routeIds: loaded ? router.state.matches.map((match) => match.routeId) : [], markup };
}

function draw(router: ReturnType<typeof pageRouter>, queryClient: QueryClient): string {
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
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

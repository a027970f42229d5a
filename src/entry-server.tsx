import { AsyncLocalStorage } from "node:async_hooks";
import { hydrate, QueryClient, QueryClientProvider, type DehydratedState } from "@tanstack/react-query";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";

import type { FirstScreenRender } from "../domain/first-screen.ts";
import type { LanguageCode } from "../domain/languages.ts";
import { overwriteGetLocale } from "./paraglide/runtime.js";
import { routeTree } from "./routeTree.gen.ts";
import { trpc } from "./trpc.ts";

// The page's language for whatever runs on its behalf, its loaders as well as its render.
const pageLanguage = new AsyncLocalStorage<LanguageCode>();
overwriteGetLocale(() => {
  const language = pageLanguage.getStore();
  if (!language) throw new Error("a message was read outside a page's render");
  return language;
});

/**
 * A page's first screen drawn by the app itself on the server (server/http/first-screen-markup.ts), from
 * the data the server read for the page: null when the page would not show its content.
 */
export const renderFirstScreen: FirstScreenRender<DehydratedState> = (page) =>
  pageLanguage.run(page.language, () => render(page));

async function render(page: { url: string; state: DehydratedState }): Promise<string | null> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  hydrate(queryClient, page.state);
  const router = createRouter({
    routeTree,
    context: { queryClient, trpc },
    history: createMemoryHistory({ initialEntries: [page.url] }),
    isServer: true,
  });
  await router.load();
  if (router.state.matches.some((match) => match.status !== "success")) return null;
  // Nothing outlives the page: on a server React Query keeps no timers (gcTime is infinite there) and
  // the client is never mounted, so both go with this call.
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

import { createRouter } from "@tanstack/react-router";

import { PagePending } from "./components/layout/page-pending.tsx";
import { routeTree } from "./routeTree.gen.ts";
import { queryClient, trpc } from "./trpc.ts";

/**
 * The app's router, made by `src/main.tsx` in a task of its own rather than at module load, so no single task
 * keeps a tap waiting on a slow phone (docs/decisions/038).
 */
export function createAppRouter() {
  return createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: "intent",
    // Loaders read through React Query, which owns caching.
    defaultPreloadStaleTime: 0,
    // Shown when a page's loader has not finished after a second (routes may show their own shape).
    defaultPendingComponent: PagePending,
    scrollRestoration: true,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /**
     * Server-side rendering of the page's first screen (src/entry-server.tsx), for whom: its markup comes
     * in the HTML, inert until the app replaces it (docs/decisions/037, 052). Unset: data and code only.
     */
    serverRendered?: "everyone" | "visitors";
  }
}

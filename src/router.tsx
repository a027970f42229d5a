import { createRouter } from "@tanstack/react-router";

import { PagePending } from "./components/layout/page-pending.tsx";
import { routeTree } from "./routeTree.gen.ts";
import { queryClient, trpc } from "./trpc.ts";

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: "intent",
  // Loaders read through React Query, which owns caching.
  defaultPreloadStaleTime: 0,
  // Shown when a page's loader has not finished after a second (routes may show their own shape).
  defaultPendingComponent: PagePending,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

import { createRouter } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";
import { queryClient, trpc } from "./trpc";

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  defaultPreload: "intent",
  // Loaders read through React Query, which owns caching.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

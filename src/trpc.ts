import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from "@trpc/client";
import type { inferRouterOutputs } from "@trpc/server";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import superjson from "superjson";

import { LIMITS } from "../domain/limits.ts";
import { LIVE_SOCKET_OPTIONS } from "../domain/live-socket.ts";
import type { AppRouter } from "../server/trpc/router.ts";
import { retryDelayMs, retryQuery } from "./lib/retry-policy.ts";
import { getLocale } from "./paraglide/runtime.js";

function wsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}/api/trpc`;
}

/**
 * The socket for subscriptions; its session is fixed when it opens, so auth changes reopen it. When the
 * server closes it (an instance stopping: 1012), it reconnects and the feeds resume from their last event.
 */
export const wsClient = createWSClient({ url: wsUrl, ...LIVE_SOCKET_OPTIONS });

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: wsLink({ client: wsClient, transformer: superjson }),
      false: httpBatchLink({
        url: "/api/trpc",
        transformer: superjson,
        maxItems: LIMITS.batchSize,
        headers: () => ({ "x-locale": getLocale() }),
      }),
    }),
  ],
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refusal (4xx) stays a refusal; no answer or "try again" (503) is asked again, backing off and
      // honouring the server's Retry-After (lib/retry-policy.ts, docs/decisions/062).
      retry: retryQuery,
      retryDelay: retryDelayMs,
    },
    // A mutation is never sent again by itself: a second send could store twice. One that carries an
    // idempotency key may opt in with `retry: retryKeyedMutation`.
    mutations: { retry: false },
  },
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
export type Trpc = typeof trpc;

/** What each procedure answers, for naming the data a component shows (`RouterOutputs["jobs"]["byId"]`). */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

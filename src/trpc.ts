import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import superjson from "superjson";
import type { AppRouter } from "../server/trpc/router.ts";
import { getLocale } from "./paraglide/runtime.js";

function wsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}/api/trpc`;
}

/** The socket for subscriptions; its session is fixed when it opens, so auth changes reopen it. */
export const wsClient = createWSClient({ url: wsUrl, lazy: { enabled: true, closeMs: 10_000 } });

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: wsLink({ client: wsClient, transformer: superjson }),
      false: httpBatchLink({
        url: "/api/trpc",
        transformer: superjson,
        headers: () => ({ "x-locale": getLocale() }),
      }),
    }),
  ],
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => count < 2 && !isClientError(error),
    },
  },
});

function isClientError(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } })?.data?.httpStatus;
  return typeof status === "number" && status >= 400 && status < 500;
}

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
export type Trpc = typeof trpc;

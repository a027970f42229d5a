import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { Direction } from "radix-ui";
import { lazy, Suspense } from "react";

import { textDirection } from "../../domain/languages.ts";
import { VerifyEmailBanner } from "../components/account/verify-email-banner.tsx";
import { NotFound } from "../components/layout/not-found.tsx";
import { SiteFooter } from "../components/layout/site-footer.tsx";
import { SiteHeader } from "../components/layout/site-header.tsx";
import { SkipLink } from "../components/layout/skip-link.tsx";
import { TabBar } from "../components/navigation/tab-bar.tsx";
import { currentLanguage } from "../lib/locale.ts";
import { useToasterWanted } from "../lib/toast.ts";
import { m } from "../paraglide/messages.js";
import type { Trpc } from "../trpc.ts";

// Toasts come after something happens, never on the first screen: their library loads with the first.
const Toaster = lazy(() => import("../components/ui/toaster.tsx").then((module) => ({ default: module.Toaster })));

export type RouterContext = { queryClient: QueryClient; trpc: Trpc };

export const Route = createRootRouteWithContext<RouterContext>()({
  // The header shows who is signed in on every page; protected pages wait for it in _authed. A page
  // rendered on the server shows every price's "≈" line, so the rates come with it (docs/decisions/052).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.trpc.profiles.me.queryOptions());
    if (import.meta.env.SSR) void context.queryClient.prefetchQuery(context.trpc.currency.rates.queryOptions());
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const dir = textDirection(currentLanguage());
  const toasterWanted = useToasterWanted();
  return (
    <Direction.Provider dir={dir}>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <SiteHeader />
        <VerifyEmailBanner />
        <div className="flex-1">
          <Outlet />
        </div>
        <SiteFooter />
        <TabBar />
      </div>
      {toasterWanted && (
        <Suspense>
          <Toaster dir={dir} closeLabel={m.common_close()} />
        </Suspense>
      )}
    </Direction.Provider>
  );
}

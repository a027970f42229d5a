import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { Direction } from "radix-ui";
import { textDirection } from "../../domain/languages";
import { NotFound } from "../components/layout/not-found";
import { SiteFooter } from "../components/layout/site-footer";
import { SiteHeader } from "../components/layout/site-header";
import { Toaster } from "../components/ui/toaster";
import { currentLanguage } from "../lib/locale";
import { m } from "../paraglide/messages.js";
import type { Trpc } from "../trpc";

export type RouterContext = { queryClient: QueryClient; trpc: Trpc };

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const dir = textDirection(currentLanguage());
  return (
    <Direction.Provider dir={dir}>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader />
        <div className="flex-1">
          <Outlet />
        </div>
        <SiteFooter />
      </div>
      <Toaster dir={dir} closeLabel={m.common_close()} />
    </Direction.Provider>
  );
}

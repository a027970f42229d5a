import { Link, useRouterState } from "@tanstack/react-router";

import { cn } from "../../lib/cn.ts";
import { useMe } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { audienceOf, currentFor, destinationsFor, hidesTabBar, sectionOf } from "./destinations.ts";
import { CountBadge, UnreadText, useNavCounts } from "./nav-counts.tsx";

/**
 * The room the tab bar takes at the bottom of a phone's screen (its safe area included): kept free at
 * the end of every page so the bar never covers the last lines. index.html's shell reserves the same.
 */
export const TAB_BAR_SPACE = "h-[calc(3.5rem+env(safe-area-inset-bottom))] md:hidden";

/**
 * Phones: the bar at the bottom with the app's main places (Jobs, My jobs, Chats and Notifications
 * with their unread badges, Profile); visitors get Jobs and Sign in, accounts still in onboarding Jobs,
 * Finish setup and Privacy. Wider screens have the same places in the header (SiteHeader).
 */
export function TabBar() {
  const me = useMe();
  const userType = me.data?.profile?.userType;
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const audience = audienceOf(me.isPending ? undefined : me.data);
  const counts = useNavCounts(audience === "member");
  if (hidesTabBar(pathname)) return null;
  const destinations = destinationsFor(audience);
  const section = sectionOf(pathname, destinations);
  return (
    <>
      <div aria-hidden className={TAB_BAR_SPACE} />
      <nav
        aria-label={m.nav_main()}
        data-testid="tab-bar"
        className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
      >
        <ul className="mx-auto flex h-14 max-w-lg">
          {destinations.map((destination) => {
            const { id, to, icon: Icon } = destination;
            const count = destination.counts ? counts[destination.counts] : 0;
            const current = currentFor(destination, pathname, section);
            return (
              <li key={id} className="min-w-0 flex-1">
                <Link
                  to={to}
                  search={destination.search}
                  aria-current={current}
                  data-testid={`tab-${id}`}
                  className={cn(
                    "flex h-full flex-col items-center justify-center gap-0.5 text-[0.625rem] leading-tight font-medium text-muted-foreground outline-hidden focus-visible:bg-accent",
                    current && "text-primary",
                  )}
                >
                  <span className="relative">
                    <Icon aria-hidden className="size-6" strokeWidth={current ? 2.25 : 1.75} />
                    <CountBadge count={count} testId={`tab-${id}-count`} />
                  </span>
                  {/* 10 px, as phones' own tab bars: whole words on up to two lines ("Мои / вакансии", "Уведомления"). */}
                  <span className="line-clamp-2 max-w-full text-center">
                    {destination.label(userType)}
                    <UnreadText count={count} />
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}

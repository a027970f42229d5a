import { Link, useRouterState } from "@tanstack/react-router";
import { LogOut, ShieldCheck, SquarePlus, UserRound } from "lucide-react";

import type { UserType } from "../../../domain/user-types.ts";
import { useLiveChanges } from "../../lib/live-changes.ts";
import { useSyncLocale } from "../../lib/locale-sync.ts";
import { useAccountChangesFromOtherTabs, useMe, useSignOut } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { audienceOf, currentFor, destinationsFor, POST_JOB_SIGN_UP, sectionOf } from "../navigation/destinations.ts";
import { CountBadge, UnreadText, useNavCounts } from "../navigation/nav-counts.tsx";
import { IconButton } from "../ui/button.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";

/** The header's links to the main places on wide screens (phones have the tab bar): Jobs, My jobs, Chats, Notifications. */
function HeaderNav({ userType }: { userType?: UserType }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const destinations = destinationsFor("member");
  const counts = useNavCounts(true);
  const section = sectionOf(pathname, destinations);
  return (
    <nav aria-label={m.nav_main()} className="hidden items-center gap-1 md:flex">
      {destinations
        .filter((d) => d.id !== "profile")
        .map((destination) => {
          const { id, to, icon: Icon } = destination;
          const count = destination.counts ? counts[destination.counts] : 0;
          const current = currentFor(destination, pathname, section);
          return (
            <Link
              key={id}
              to={to}
              aria-current={current}
              data-testid={`nav-${id}`}
              className="inline-flex h-9 items-center gap-2 rounded-md px-2.5 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current]:text-foreground aria-[current=page]:bg-accent"
            >
              <span className="relative">
                <Icon aria-hidden className="size-5" />
                {/* Icons alone (medium widths): the count on the icon; with names (large): after the name. */}
                <CountBadge count={count} testId={`nav-${id}-count-icon`} className="lg:hidden" />
              </span>
              <span className="sr-only lg:not-sr-only">{destination.label(userType)}</span>
              <CountBadge count={count} testId={`nav-${id}-count`} className="static hidden lg:inline-block" />
              <UnreadText count={count} />
            </Link>
          );
        })}
    </nav>
  );
}

/**
 * Brand, the main places (members, wide screens), language switcher, and Profile with sign-out, or
 * Privacy with sign-out while onboarding is pending, or Post a job and Sign In. On phones the places are in TabBar.
 */
export function SiteHeader() {
  const me = useMe();
  const signOut = useSignOut();
  const audience = audienceOf(me.isPending ? undefined : me.data);
  const hasProfile = Boolean(me.data?.profile);
  useLiveChanges(hasProfile);
  useAccountChangesFromOtherTabs();
  useSyncLocale(me.data?.profile);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
        <Link to="/" className="me-auto flex items-center gap-2 text-lg font-bold text-primary" aria-label={m.nav_home()}>
          <img src="/favicon.svg" alt="" className="size-7" />
          <span>{m.app_name()}</span>
        </Link>
        {audience === "member" && <HeaderNav userType={me.data?.profile?.userType} />}
        <LanguageSwitcher />
        {audience === "member" && (
          <LinkButton to="/profile" data-testid="nav-profile" variant="outline" size="sm" className="max-md:hidden">
            <UserRound aria-hidden />
            {m.nav_profile()}
          </LinkButton>
        )}
        {audience === "onboarding" && (
          // Privacy rights never wait for onboarding (docs/decisions/012); phones have it in the tab bar.
          <LinkButton to="/settings/privacy" data-testid="nav-privacy" variant="outline" size="sm" className="max-md:hidden">
            <ShieldCheck aria-hidden />
            {m.settings_privacy_link()}
          </LinkButton>
        )}
        {hasProfile && (
          <IconButton label={m.nav_sign_out()} onClick={signOut} data-testid="nav-sign-out">
            <LogOut aria-hidden className="rtl:rotate-180" />
          </IconButton>
        )}
        {audience === "visitor" && (
          <>
            {/* The employer's way in: the job form, through Sign Up (docs/decisions/053); phones have it in the tab bar. */}
            <LinkButton
              to="/auth"
              search={POST_JOB_SIGN_UP}
              data-testid="nav-post-job"
              variant="outline"
              size="sm"
              className="max-md:hidden"
            >
              <SquarePlus aria-hidden />
              {m.nav_post_job()}
            </LinkButton>
            <LinkButton to="/auth" data-testid="nav-sign-in" size="sm" className="max-md:hidden">
              {m.nav_sign_in()}
            </LinkButton>
          </>
        )}
      </div>
    </header>
  );
}

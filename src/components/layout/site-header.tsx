import { Link } from "@tanstack/react-router";
import { LogOut, UserRound } from "lucide-react";

import { useLiveChanges } from "../../lib/live-changes.ts";
import { useSyncLocale } from "../../lib/locale-sync.ts";
import { useMe, useSignOut } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { NotificationBell } from "../notifications/notification-bell.tsx";
import { IconButton } from "../ui/button.tsx";
import { LinkButton } from "../ui/link-button.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";

/** Brand, language switcher, and either the notifications bell, Profile and sign-out, or Sign In. */
export function SiteHeader() {
  const me = useMe();
  const signOut = useSignOut();
  const hasProfile = Boolean(me.data?.profile);
  useLiveChanges(hasProfile);
  useSyncLocale(me.data?.profile);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
        <Link to="/" className="me-auto flex items-center gap-2 text-lg font-bold text-primary" aria-label={m.nav_home()}>
          <img src="/favicon.svg" alt="" className="size-7" />
          <span>{m.app_name()}</span>
        </Link>
        <LanguageSwitcher />
        {hasProfile ? (
          <>
            <NotificationBell />
            <LinkButton to="/profile" data-testid="nav-profile" variant="outline" size="sm">
              <UserRound aria-hidden />
              <span className="hidden sm:inline">{m.nav_profile()}</span>
            </LinkButton>
            <IconButton label={m.nav_sign_out()} onClick={signOut} data-testid="nav-sign-out">
              <LogOut aria-hidden className="rtl:rotate-180" />
            </IconButton>
          </>
        ) : (
          !me.isPending && (
            <LinkButton to="/auth" data-testid="nav-sign-in" size="sm">
              {m.nav_sign_in()}
            </LinkButton>
          )
        )}
      </div>
    </header>
  );
}

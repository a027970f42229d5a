import { useQuery } from "@tanstack/react-query";

import { cn } from "../../lib/cn.ts";
import { formatNumber } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import type { Destination } from "./destinations.ts";

/** Badges stop counting here ("99+"). */
const SHOWN_UP_TO = 99;

/** A count as the badge shows it, in the reader's digits. */
function shownCount(count: number): string {
  return count > SHOWN_UP_TO ? `${formatNumber(SHOWN_UP_TO)}+` : formatNumber(count);
}

export type NavCounts = Record<NonNullable<Destination["counts"]>, number>;

/**
 * The unread counts of the Notifications and Chats badges for a member (nothing is asked otherwise).
 * useLiveChanges keeps them live: it sets the notifications count from the live feed and has the chats
 * count re-read when a message arrives; reading a conversation re-reads it too (chats.* is invalidated).
 */
export function useNavCounts(enabled: boolean): NavCounts {
  const notifications = useQuery({ ...trpc.notifications.unreadCount.queryOptions(), staleTime: Infinity, enabled });
  const chats = useQuery({ ...trpc.chats.unreadCount.queryOptions(), enabled });
  return { notifications: notifications.data ?? 0, chats: chats.data ?? 0 };
}

/** After a destination's visible name, for screen readers: how many are unread (the badge itself is hidden from them). */
export function UnreadText({ count }: { count: number }) {
  if (count <= 0) return null;
  return <span className="sr-only"> {m.nav_unread({ count: shownCount(count) })}</span>;
}

/** The red pill on an icon; hidden from screen readers, which hear the link's label instead. */
export function CountBadge({ count, testId, className }: { count: number; testId: string; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      data-testid={testId}
      className={cn(
        "absolute -top-1.5 min-w-5 rounded-full bg-destructive px-1 text-center text-xs leading-5 font-semibold text-white tabular-nums start-3",
        className,
      )}
    >
      {shownCount(count)}
    </span>
  );
}

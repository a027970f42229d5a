import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Bell } from "lucide-react";

import { NOTIFICATION_COUNT_CAP } from "../../../domain/notifications.ts";
import { formatNumber } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

/** The header's bell: a link to /notifications with the unread count, kept live by useLiveChanges. */
export function NotificationBell() {
  const unread = useQuery({ ...trpc.notifications.unreadCount.queryOptions(), staleTime: Infinity }).data ?? 0;
  const shown = unread > NOTIFICATION_COUNT_CAP ? `${formatNumber(NOTIFICATION_COUNT_CAP)}+` : formatNumber(unread);
  return (
    <Link
      to="/notifications"
      aria-label={m.inbox_bell_label({ count: unread })}
      data-testid="nav-notifications"
      className="relative inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Bell aria-hidden className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden
          data-testid="nav-notifications-count"
          className="absolute -end-1 -top-1 min-w-5 rounded-full bg-destructive px-1 text-center text-xs font-semibold leading-5 text-white"
        >
          {shown}
        </span>
      )}
    </Link>
  );
}

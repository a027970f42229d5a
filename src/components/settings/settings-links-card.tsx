import { useQuery } from "@tanstack/react-query";
import { Ban, Bell, BookmarkCheck, Flag, Scale, ShieldCheck, UsersRound, Wallet } from "lucide-react";

import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { LinkListCard } from "../layout/link-list-card.tsx";

/** Links from /settings to its sub-pages, and to the operator console for an operator (docs/decisions/071, 072). */
export function SettingsLinksCard() {
  const { data } = useQuery(trpc.operators.myRole.queryOptions());
  return (
    <LinkListCard
      testId="settings-links"
      rows={[
        {
          to: "/settings/notifications",
          icon: Bell,
          label: m.settings_notifications_link(),
          testId: "settings-link-notifications",
        },
        {
          to: "/settings/saved-searches",
          icon: BookmarkCheck,
          label: m.settings_saved_searches_link(),
          testId: "settings-link-saved-searches",
        },
        { to: "/payouts", icon: Wallet, label: m.settings_payouts_link(), testId: "settings-link-payouts" },
        { to: "/settings/privacy", icon: ShieldCheck, label: m.settings_privacy_link(), testId: "settings-link-privacy" },
        { to: "/settings/blocked", icon: Ban, label: m.settings_blocked_link(), testId: "settings-link-blocked" },
        { to: "/settings/reports", icon: Flag, label: m.settings_reports_link(), testId: "settings-link-reports" },
        { to: "/settings/decisions", icon: Scale, label: m.settings_decisions_link(), testId: "settings-link-decisions" },
        ...(data?.role
          ? [{ to: "/ops/queue" as const, icon: UsersRound, label: m.ops_console_link(), testId: "settings-link-ops" }]
          : []),
      ]}
    />
  );
}

import { Link } from "@tanstack/react-router";
import { ChevronRight, type LucideIcon } from "lucide-react";

import { Card, CardContent } from "../ui/card.tsx";

export type LinkListRow = {
  to:
    | "/post-job"
    | "/chats"
    | "/money"
    | "/settings"
    | "/settings/privacy"
    | "/settings/notifications"
    | "/settings/saved-searches"
    | "/settings/blocked"
    | "/settings/reports"
    | "/settings/decisions"
    | "/payouts"
    | "/ops/queue";
  icon: LucideIcon;
  label: string;
  testId: string;
};

/** A card of links to other pages, a row each with its icon and a chevron (the own profile's and settings' shortcuts). */
export function LinkListCard({ rows, testId }: { rows: LinkListRow[]; testId: string }) {
  return (
    <Card className="py-2" data-testid={testId}>
      <CardContent className="px-2 sm:px-4">
        <nav>
          <ul className="grid divide-y">
            {rows.map(({ to, icon: Icon, label, testId: rowTestId }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex min-h-12 items-center gap-3 rounded-md px-2 py-2 font-medium hover:bg-accent"
                  data-testid={rowTestId}
                >
                  <Icon aria-hidden className="size-5 text-muted-foreground" />
                  <span className="flex-1">{label}</span>
                  <ChevronRight aria-hidden className="size-4 text-muted-foreground rtl:rotate-180" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </CardContent>
    </Card>
  );
}

import { Link } from "@tanstack/react-router";
import { Bell, ChevronRight, ShieldCheck } from "lucide-react";
import { m } from "../../paraglide/messages.js";
import { Card, CardContent } from "../ui/card";

const rowClass = "flex min-h-12 items-center gap-3 rounded-md px-2 py-2 font-medium hover:bg-accent";

/** Links from /settings to its two sub-pages. */
export function SettingsLinksCard() {
  return (
    <Card className="py-2" data-testid="settings-links">
      <CardContent className="px-2 sm:px-4">
        <nav>
          <ul className="grid divide-y">
            <li>
              <Link to="/settings/notifications" className={rowClass} data-testid="settings-link-notifications">
                <Bell aria-hidden className="size-5 text-muted-foreground" />
                <span className="flex-1">{m.settings_notifications_link()}</span>
                <ChevronRight aria-hidden className="size-4 text-muted-foreground rtl:rotate-180" />
              </Link>
            </li>
            <li>
              <Link to="/settings/privacy" className={rowClass} data-testid="settings-link-privacy">
                <ShieldCheck aria-hidden className="size-5 text-muted-foreground" />
                <span className="flex-1">{m.settings_privacy_link()}</span>
                <ChevronRight aria-hidden className="size-4 text-muted-foreground rtl:rotate-180" />
              </Link>
            </li>
          </ul>
        </nav>
      </CardContent>
    </Card>
  );
}

import { Link } from "@tanstack/react-router";
import { ChevronRight, MessagesSquare, PlusCircle, Settings, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { m } from "../../paraglide/messages.js";
import { Card, CardContent } from "../ui/card";

const rowClass = "flex min-h-12 items-center gap-3 rounded-md px-2 py-2 font-medium hover:bg-accent";

function Row({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <>
      <span className="text-muted-foreground">{icon}</span>
      <span className="flex-1">{label}</span>
      <ChevronRight aria-hidden className="size-4 text-muted-foreground rtl:rotate-180" />
    </>
  );
}

/** The own profile's shortcuts: post a job, chats, edit profile, privacy and data. */
export function ProfileLinksCard() {
  const icon = "size-5";
  return (
    <Card className="py-2" data-testid="profile-links">
      <CardContent className="px-2 sm:px-4">
        <nav>
          <ul className="grid divide-y">
            <li>
              <Link to="/post-job" className={rowClass} data-testid="profile-link-post-job">
                <Row icon={<PlusCircle aria-hidden className={icon} />} label={m.profile_link_post_job()} />
              </Link>
            </li>
            <li>
              <Link to="/chats" className={rowClass} data-testid="profile-link-chats">
                <Row icon={<MessagesSquare aria-hidden className={icon} />} label={m.profile_link_chats()} />
              </Link>
            </li>
            <li>
              <Link to="/settings" className={rowClass} data-testid="profile-link-settings">
                <Row icon={<Settings aria-hidden className={icon} />} label={m.profile_link_edit()} />
              </Link>
            </li>
            <li>
              <Link to="/settings/privacy" className={rowClass} data-testid="profile-link-privacy">
                <Row icon={<ShieldCheck aria-hidden className={icon} />} label={m.profile_link_privacy()} />
              </Link>
            </li>
          </ul>
        </nav>
      </CardContent>
    </Card>
  );
}

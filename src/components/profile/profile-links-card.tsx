import { MessagesSquare, PlusCircle, Settings, ShieldCheck, Wallet } from "lucide-react";

import { m } from "../../paraglide/messages.js";
import { LinkListCard } from "../layout/link-list-card.tsx";

/** The own profile's shortcuts: post a job, chats, money statements, edit profile, privacy and data. */
export function ProfileLinksCard() {
  return (
    <LinkListCard
      testId="profile-links"
      rows={[
        { to: "/post-job", icon: PlusCircle, label: m.profile_link_post_job(), testId: "profile-link-post-job" },
        { to: "/chats", icon: MessagesSquare, label: m.profile_link_chats(), testId: "profile-link-chats" },
        { to: "/money", icon: Wallet, label: m.profile_link_money(), testId: "profile-link-money" },
        { to: "/settings", icon: Settings, label: m.profile_link_edit(), testId: "profile-link-settings" },
        { to: "/settings/privacy", icon: ShieldCheck, label: m.profile_link_privacy(), testId: "profile-link-privacy" },
      ]}
    />
  );
}

import { createFileRoute } from "@tanstack/react-router";

import { PageHeader } from "../../components/profile/page-header.tsx";
import { NotificationToggles } from "../../components/settings/notification-toggles.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";

export const Route = createFileRoute("/_authed/settings/notifications")({ component: NotificationSettingsPage });

/** /settings/notifications: e-mail and push, each saved as soon as it is switched. */
function NotificationSettingsPage() {
  usePageTitle(m.notifications_title());
  const { me } = Route.useRouteContext();
  const initial = { email: me.profile?.notificationEmail ?? true, push: me.profile?.notificationPush ?? true };
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-8">
      <PageHeader title={m.notifications_title()} backTo="/settings" backLabel={m.settings_back()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.notifications_description()}</p>
      <NotificationToggles initial={initial} />
    </main>
  );
}

import { createFileRoute } from "@tanstack/react-router";

import { CertificatesCard } from "../../components/certificates/certificates-card.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { PasswordForm } from "../../components/settings/password-form.tsx";
import { ProfileForm } from "../../components/settings/profile-form.tsx";
import { SettingsLinksCard } from "../../components/settings/settings-links-card.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { useMe } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";

export const Route = createFileRoute("/_authed/settings/")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.trpc.certificates.list.queryOptions());
  },
  // Opened from a bookmark or a notification: server-side rendering with its data (docs/decisions/052).
  ...(import.meta.env.SSR ? { staticData: { serverRendered: "everyone" } } : {}),
  component: SettingsPage,
});

/** /settings: profile information with preferred currency, certificates, password, sub-page links. */
function SettingsPage() {
  usePageTitle(m.settings_title());
  const context = Route.useRouteContext();
  const profile = useMe().data?.profile ?? context.me.profile;
  if (!profile) return null;
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-8">
      <PageHeader title={m.settings_title()} backTo="/profile" backLabel={m.privacy_back_to_profile()} />
      <div className="grid gap-4 lg:gap-6">
        <ProfileForm profile={profile} />
        <CertificatesCard />
        <PasswordForm />
        <SettingsLinksCard />
      </div>
    </main>
  );
}

import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";

import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { DataRightsCard } from "../../components/settings/data-rights-card.tsx";
import { DeleteAccountCard } from "../../components/settings/delete-account-card.tsx";
import { PrivacyTogglesCard } from "../../components/settings/privacy-toggles-card.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

export const Route = createFileRoute("/_authed/settings/privacy")({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.privacy.status.queryOptions()),
  errorComponent: ({ error }) => <LoadFailedPage text={m.privacy_load_failed()} error={error} />,
  component: PrivacySettingsPage,
});

/** /settings/privacy: visibility toggles, data rights (consent, export, sign-out) and the danger zone. */
function PrivacySettingsPage() {
  usePageTitle(m.privacy_settings_title());
  const { data: status } = useSuspenseQuery(trpc.privacy.status.queryOptions());
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-8">
      <PageHeader title={m.privacy_settings_title()} backTo="/profile" backLabel={m.privacy_back_to_profile()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.privacy_settings_description()}</p>
      <div className="grid gap-4 lg:gap-6">
        <PrivacyTogglesCard initial={{ profileVisible: status.profileVisible, showEmail: status.showEmail }} />
        <DataRightsCard status={status} />
        <DeleteAccountCard />
      </div>
    </main>
  );
}

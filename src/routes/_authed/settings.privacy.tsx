import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/profile/page-header";
import { DataRightsCard } from "../../components/settings/data-rights-card";
import { DeleteAccountCard } from "../../components/settings/delete-account-card";
import { PrivacyTogglesCard } from "../../components/settings/privacy-toggles-card";
import { Skeleton } from "../../components/ui/skeleton";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc";

export const Route = createFileRoute("/_authed/settings/privacy")({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.trpc.privacy.status.queryOptions());
  },
  component: PrivacySettingsPage,
});

/** /settings/privacy: visibility toggles, data rights (consent, export, sign-out) and the danger zone. */
function PrivacySettingsPage() {
  const status = useQuery(trpc.privacy.status.queryOptions());
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-8">
      <PageHeader title={m.privacy_settings_title()} backTo="/profile" backLabel={m.privacy_back_to_profile()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.privacy_settings_description()}</p>
      {status.data ? (
        <div className="grid gap-4 lg:gap-6">
          <PrivacyTogglesCard initial={{ profileVisible: status.data.profileVisible, showEmail: status.data.showEmail }} />
          <DataRightsCard status={status.data} />
          <DeleteAccountCard />
        </div>
      ) : (
        <div className="grid gap-4" aria-busy="true">
          <p className="sr-only" role="status">{m.common_loading()}</p>
          <Skeleton className="h-44" />
          <Skeleton className="h-60" />
        </div>
      )}
    </main>
  );
}

import { createFileRoute } from "@tanstack/react-router";

import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { SavedSearchesList } from "../../components/saved-searches/saved-searches-list.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";

export const Route = createFileRoute("/_authed/settings/saved-searches")({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.savedSearches.list.queryOptions()),
  errorComponent: ({ error }) => <LoadFailedPage text={m.saved_searches_load_failed()} error={error} />,
  component: SavedSearchesPage,
});

/** /settings/saved-searches: the searches kept from the home page and how each alerts (docs/decisions/023). */
function SavedSearchesPage() {
  usePageTitle(m.saved_searches_title());
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-8">
      <PageHeader title={m.saved_searches_title()} backTo="/settings" backLabel={m.settings_back()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.saved_searches_description()}</p>
      <SavedSearchesList />
    </main>
  );
}

import { createFileRoute } from "@tanstack/react-router";

import { BlockedPeopleList } from "../../components/blocks/blocked-people-list.tsx";
import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";

export const Route = createFileRoute("/_authed/settings/blocked")({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.blocks.list.queryOptions()),
  errorComponent: ({ error }) => <LoadFailedPage text={m.blocks_load_failed()} error={error} />,
  component: BlockedPeoplePage,
});

/** /settings/blocked: the people the caller blocked, with Unblock (docs/decisions/068). */
function BlockedPeoplePage() {
  usePageTitle(m.blocks_title());
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-8">
      <PageHeader title={m.blocks_title()} backTo="/settings" backLabel={m.settings_back()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.blocks_description()}</p>
      <BlockedPeopleList />
    </main>
  );
}

import { createFileRoute } from "@tanstack/react-router";

import { MyDecisionsList } from "../../components/decisions/my-decisions-list.tsx";
import { myDecisionsQuery } from "../../components/decisions/my-decisions-query.ts";
import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";

export const Route = createFileRoute("/_authed/settings/decisions")({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(myDecisionsQuery(context.trpc)),
  errorComponent: ({ error }) => <LoadFailedPage text={m.decisions_load_failed()} error={error} />,
  component: MyDecisionsPage,
});

/** /settings/decisions: the decisions about the person's account or items, each with its statement (docs/decisions/074). */
function MyDecisionsPage() {
  usePageTitle(m.decisions_title());
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-8">
      <PageHeader title={m.decisions_title()} backTo="/settings" backLabel={m.settings_back()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.decisions_description()}</p>
      <MyDecisionsList />
    </main>
  );
}

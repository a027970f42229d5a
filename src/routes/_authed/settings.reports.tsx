import { createFileRoute } from "@tanstack/react-router";

import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { MyReportsList } from "../../components/reports/my-reports-list.tsx";
import { myReportsQuery } from "../../components/reports/my-reports-query.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";

export const Route = createFileRoute("/_authed/settings/reports")({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(myReportsQuery(context.trpc)),
  errorComponent: ({ error }) => <LoadFailedPage text={m.reports_load_failed()} error={error} />,
  component: MyReportsPage,
});

/** /settings/reports: the reports the person sent and what was decided (docs/decisions/070). */
function MyReportsPage() {
  usePageTitle(m.reports_title());
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-8">
      <PageHeader title={m.reports_title()} backTo="/settings" backLabel={m.settings_back()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.reports_description()}</p>
      <MyReportsList />
    </main>
  );
}

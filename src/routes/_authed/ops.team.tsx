import { createFileRoute, redirect } from "@tanstack/react-router";

import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { OperatorTeam } from "../../components/operators/operator-team.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";

export const Route = createFileRoute("/_authed/ops/team")({
  // A moderator is an operator but not an admin: the console's health is theirs, the team is not.
  beforeLoad: ({ context }) => {
    if (context.operatorRole !== "admin") throw redirect({ to: "/ops/health" });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.operators.list.queryOptions()),
  errorComponent: ({ error }) => <LoadFailedPage text={m.ops_team_load_failed()} error={error} />,
  component: TeamPage,
});

/** /ops/team: the operators and their roles; admins grant and revoke them (docs/decisions/071). */
function TeamPage() {
  usePageTitle(m.ops_team_title());
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-8">
      <PageHeader title={m.ops_team_title()} backTo="/settings" backLabel={m.settings_back()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.ops_team_description()}</p>
      <OperatorTeam />
    </main>
  );
}

import { createFileRoute } from "@tanstack/react-router";
import { Wallet } from "lucide-react";

import type { MoneyOf } from "../../../domain/ledger-corrections.ts";
import { LoadFailedPage, NoticePage } from "../../components/layout/notice.tsx";
import { MoneyPanel } from "../../components/operators/money/money-panel.tsx";
import { MoneySearch } from "../../components/operators/money/money-search.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { orNotFound } from "../../lib/route-data.ts";
import { searchParams, text } from "../../lib/search-params.ts";
import { m } from "../../paraglide/messages.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const searchSchema = searchParams({ party: text(36, UUID), person: text(100), job: text(36, UUID) });

/** Whose money the address names: a ledger party, a person's account, or a job. */
function moneyOf(search: { party?: string; person?: string; job?: string }): MoneyOf | null {
  if (search.job) return { jobId: search.job };
  if (search.party) return { partyId: search.party };
  if (search.person) return { userId: search.person };
  return null;
}

export const Route = createFileRoute("/_authed/ops/money")({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ of: moneyOf(search) }),
  loader: async ({ context, deps }) => {
    if (deps.of)
      await orNotFound(context.queryClient.ensureQueryData(context.trpc.ledgerCorrections.money.queryOptions(deps.of)));
  },
  notFoundComponent: () => <NoticePage icon={<Wallet aria-hidden className="size-6" />} title={m.not_found_title()} />,
  errorComponent: ({ error }) => <LoadFailedPage text={m.ops_money_load_failed()} error={error} />,
  component: MoneyPage,
});

/**
 * /ops/money: a person's or a job's money for every operator, and corrections for admins
 * (docs/decisions/080). Reading it is written to the audit log.
 */
function MoneyPage() {
  usePageTitle(m.ops_money_title());
  const { operatorRole } = Route.useRouteContext();
  const search = Route.useSearch();
  const of = moneyOf(search);
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-8">
      <PageHeader title={m.ops_money_title()} backTo="/settings" backLabel={m.settings_back()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.ops_money_description()}</p>
      <div className="grid gap-6">
        <MoneySearch />
        {of && <MoneyPanel key={JSON.stringify(of)} of={of} admin={operatorRole === "admin"} />}
      </div>
    </main>
  );
}

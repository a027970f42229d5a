import { createFileRoute, useSearch } from "@tanstack/react-router";

import { moneyOfAddress } from "../../components/operators/money/money-of.ts";
import { MoneyPanel } from "../../components/operators/money/money-panel.tsx";
import { MoneySearch } from "../../components/operators/money/money-search.tsx";
import { ReconciliationCard } from "../../components/operators/money/reconciliation-card.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { m } from "../../paraglide/messages.js";

// Only a component: a route's search reader and loader ship with every first load of the app
// (scripts/first-load.test.ts), so the page reads its address and its data itself, in its own chunk.
export const Route = createFileRoute("/_authed/ops/money")({ component: MoneyPage });

/**
 * /ops/money: a person's or a job's money for every operator, and corrections for admins
 * (docs/decisions/080). Reading it is written to the audit log.
 */
function MoneyPage() {
  usePageTitle(m.ops_money_title());
  const { operatorRole } = Route.useRouteContext();
  const of = moneyOfAddress(useSearch({ strict: false }));
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-8">
      <PageHeader title={m.ops_money_title()} backTo="/settings" backLabel={m.settings_back()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.ops_money_description()}</p>
      <div className="grid gap-6">
        <MoneySearch />
        {of ? <MoneyPanel key={JSON.stringify(of)} of={of} admin={operatorRole === "admin"} /> : <ReconciliationCard />}
      </div>
    </main>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useRef } from "react";

import { Loading } from "../../components/layout/loading.tsx";
import { LoadFailedPage } from "../../components/layout/notice.tsx";
import { AutoPayoutSwitch } from "../../components/payouts/auto-payout-switch.tsx";
import { AvailableMoneyCard } from "../../components/payouts/available-money-card.tsx";
import { PayoutHistoryCard } from "../../components/payouts/payout-history-card.tsx";
import { PayoutMethodsCard } from "../../components/payouts/payout-methods-card.tsx";
import { refreshPayouts } from "../../components/payouts/payouts-queries.ts";
import { readProviderReturn } from "../../components/payouts/provider-return.ts";
import { TaxStatusCard } from "../../components/payouts/tax-status-card.tsx";
import { PageHeader } from "../../components/profile/page-header.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

// A route's own config is in every page's first load, which is at its budget (scripts/first-load.test.ts):
// this page reads its data, its failure and what the providers' pages send back in its code-split component.
export const Route = createFileRoute("/_authed/payouts")({ component: PayoutsPage });

/** Saves what a provider's page sent back once, then takes it out of the address. */
function useReturnFromProvider() {
  const search = readProviderReturn(useSearch({ strict: false }));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const overview = useQuery(trpc.payouts.overview.queryOptions());
  const addCard = useMutation(trpc.payouts.addCard.mutationOptions());
  const refresh = useMutation(trpc.payouts.refreshMethod.mutationOptions());
  useEffect(() => {
    if (handled.current || !search.added || !overview.data) return;
    handled.current = true;
    const clear = () => void navigate({ to: "/payouts", search: {}, replace: true });
    const done = () => {
      toastSuccess(m.payouts_method_added());
      refreshPayouts(queryClient);
    };
    if (search.added === "card" && search.payout_token && search.last4) {
      addCard.mutate(
        { token: search.payout_token, last4: search.last4, cardType: search.card_type ?? "" },
        { onSuccess: done, onError: (error) => toastError(error), onSettled: clear },
      );
      return;
    }
    const pending = overview.data.methods.find((method) => method.kind === "connected_account" && !method.ready);
    if (search.added === "connect" && pending) {
      refresh.mutate({ methodId: pending.id }, { onSuccess: done, onError: (error) => toastError(error), onSettled: clear });
      return;
    }
    clear();
  }, [search, overview.data, navigate, queryClient, addCard, refresh]);
}

/** /payouts: money available per currency with "Take it now", methods, tax status, the automatic payout, history. */
function PayoutsPage() {
  usePageTitle(m.payouts_title());
  useReturnFromProvider();
  const overview = useQuery(trpc.payouts.overview.queryOptions());
  if (overview.isError) return <LoadFailedPage text={m.payouts_load_failed()} error={overview.error} />;
  if (!overview.data) {
    return (
      <main id="main" className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-8">
        <Loading blocks={["h-8 w-40", "h-32 w-full rounded-xl", "h-48 w-full rounded-xl"]} />
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-8" data-testid="payouts-page">
      <PageHeader title={m.payouts_title()} backTo="/settings" backLabel={m.settings_back()} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">{m.payouts_description()}</p>
      <div className="grid gap-4 lg:gap-6">
        <AvailableMoneyCard money={overview.data.money} />
        <PayoutMethodsCard overview={overview.data} />
        {overview.data.providers.yookassa && <TaxStatusCard tax={overview.data.tax} />}
        <AutoPayoutSwitch enabled={overview.data.autoPayout} />
        <PayoutHistoryCard />
      </div>
    </main>
  );
}

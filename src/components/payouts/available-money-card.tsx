import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Banknote } from "lucide-react";

import { formatMoney } from "../../lib/format.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { SectionCard } from "../ui/card.tsx";
import { refreshPayouts } from "./payouts-queries.ts";

type Money = RouterOutputs["payouts"]["overview"]["money"][number];

/** Money available per currency, each with "Take it now" (the server takes all of it, never a typed figure). */
export function AvailableMoneyCard({ money }: { money: Money[] }) {
  const queryClient = useQueryClient();
  const take = useMutation(
    trpc.payouts.takeNow.mutationOptions({
      onSuccess: () => {
        toastSuccess(m.payouts_taken());
        refreshPayouts(queryClient);
      },
      onError: (error) => toastError(error),
    }),
  );
  return (
    <SectionCard
      title={m.payouts_available_title()}
      icon={<Banknote aria-hidden className="size-5" />}
      data-testid="payouts-available"
    >
      {money.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.payouts_available_none()}</p>
      ) : (
        <ul className="grid gap-3">
          {money.map((item) => (
            <li
              key={item.currency}
              className="flex flex-wrap items-center justify-between gap-3"
              data-testid="payouts-money"
              data-currency={item.currency}
            >
              <div className="grid gap-0.5">
                <span className="text-2xl font-semibold tabular-nums" dir="ltr">
                  {formatMoney(Number(item.available), item.currency)}
                </span>
                <span className="text-xs text-muted-foreground">
                  {item.hasProvider
                    ? m.payouts_minimum({ amount: formatMoney(Number(item.minimum), item.currency) })
                    : m.payouts_no_provider()}
                </span>
              </div>
              <Button
                onClick={() => take.mutate({ currency: item.currency })}
                disabled={!item.hasProvider || !item.aboveMinimum || take.isPending}
                data-testid="payouts-take-now"
              >
                {m.payouts_take_now()}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

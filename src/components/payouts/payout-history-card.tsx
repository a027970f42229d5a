import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";

import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { Badge } from "../ui/badge.tsx";
import { SectionCard } from "../ui/card.tsx";
import { failureText, methodKindText } from "./payout-words.ts";

type Item = RouterOutputs["payouts"]["history"][number];

function StatusBadge({ item }: { item: Item }) {
  if (item.status === "succeeded") return <Badge variant="green">{m.payouts_status_succeeded()}</Badge>;
  if (item.status === "pending") return <Badge variant="blue">{m.payouts_status_pending()}</Badge>;
  // A reason is a sentence: it wraps on a phone, where a badge would not.
  return (
    <p className="basis-full text-sm break-words text-red-800" dir="auto">
      {m.payouts_status_failed({ reason: failureText(item.failureReason) })}
    </p>
  );
}

/** The caller's payouts, newest first: amount, where it went, status (with why it failed) and the tax receipt. */
export function PayoutHistoryCard() {
  const history = useQuery(trpc.payouts.history.queryOptions());
  const items = history.data ?? [];
  return (
    <SectionCard
      title={m.payouts_history_title()}
      icon={<History aria-hidden className="size-5" />}
      data-testid="payouts-history"
    >
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.payouts_history_none()}</p>
      ) : (
        <ul className="grid divide-y">
          {items.map((item) => (
            <li key={item.id} className="grid gap-1 py-3 first:pt-0 last:pb-0" data-testid="payout" data-status={item.status}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium tabular-nums" dir="ltr">
                  {formatMoney(Number(item.amount), item.currency)}
                </span>
                <StatusBadge item={item} />
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                <span>{formatDateTime(item.createdAt)}</span>
                <span dir="auto">{item.methodLabel ?? methodKindText(item.methodKind)}</span>
                {item.automatic && <span>{m.payouts_automatic()}</span>}
                {item.receiptUrl && (
                  <a
                    href={item.receiptUrl}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="text-primary underline-offset-4 hover:underline"
                    data-testid="payout-receipt"
                  >
                    {m.payouts_receipt()}
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

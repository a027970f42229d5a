import { useInfiniteQuery } from "@tanstack/react-query";
import { Scale } from "lucide-react";

import type { ReconciliationField } from "../../../../domain/reconciliation.ts";
import { formatDate } from "../../../lib/format.ts";
import { m } from "../../../paraglide/messages.js";
import { trpc } from "../../../trpc.ts";
import { PendingButton } from "../../forms/pending-button.tsx";
import { SectionCard } from "../../ui/card.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";

const FIELD_NAMES: Record<ReconciliationField, () => string> = {
  status: m.ops_recon_field_status,
  amount: m.ops_recon_field_amount,
  captured: m.ops_recon_field_captured,
  refunded: m.ops_recon_field_refunded,
  ledger: m.ops_recon_field_ledger,
  missing: m.ops_recon_field_missing,
};

/**
 * What the nightly reconciliation found where a provider's hold or payout and ours disagree, newest first
 * (docs/decisions/082). Amounts are in minor units, as both sides record them; a correction repairs it.
 */
export function ReconciliationCard() {
  const found = useInfiniteQuery(
    trpc.reconciliation.differences.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor }),
  );
  const items = found.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <SectionCard
      title={m.ops_recon_title()}
      icon={<Scale aria-hidden />}
      contentClassName="grid gap-3"
      data-testid="reconciliation"
    >
      <p className="text-sm text-muted-foreground">{m.ops_recon_description()}</p>
      {found.isPending ? (
        <Skeleton className="h-16" />
      ) : items.length === 0 ? (
        <p className="text-sm" data-testid="reconciliation-empty">
          {m.ops_recon_empty()}
        </p>
      ) : (
        <ul className="grid divide-y text-sm" data-testid="reconciliation-list">
          {items.map((d) => (
            <li key={d.id} className="grid gap-1 py-2" data-testid="reconciliation-difference">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium">
                  {d.subjectType === "hold" ? m.ops_recon_subject_hold() : m.ops_recon_subject_payout()}: {FIELD_NAMES[d.field]()}
                </span>
                <span className="text-xs text-muted-foreground">{formatDate(d.foundOn)}</span>
              </div>
              <div className="text-muted-foreground">
                {m.ops_recon_ours({ value: d.ours })} · {m.ops_recon_theirs({ value: d.theirs })}
              </div>
              <div className="text-xs break-all text-muted-foreground" dir="ltr">
                {d.provider} {d.providerObjectId}
              </div>
            </li>
          ))}
        </ul>
      )}
      {found.hasNextPage && (
        <PendingButton variant="outline" pending={found.isFetchingNextPage} onClick={() => void found.fetchNextPage()}>
          {m.ops_recon_more()}
        </PendingButton>
      )}
    </SectionCard>
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { ScrollText, Undo2 } from "lucide-react";
import { useState } from "react";

import type { MoneyOf } from "../../../../domain/ledger-corrections.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { toastError } from "../../../lib/toast.ts";
import { m } from "../../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { PendingButton } from "../../forms/pending-button.tsx";
import { Button } from "../../ui/button.tsx";
import { SectionCard } from "../../ui/card.tsx";
import { ACCOUNT_NAMES, CAUSE_NAMES, signedMoney } from "./money-words.ts";

type Statement = RouterOutputs["ledgerCorrections"]["money"]["statement"];
export type MoneyLine = Statement["items"][number];

/**
 * A party's or a job's postings, newest first, each with its cause, the operator's reason and who posted
 * it; earlier pages on request (keyset). An admin may reverse a transaction not reversed yet.
 */
export function MoneyStatement(p: { of: MoneyOf; first: Statement; onReverse: ((line: MoneyLine) => void) | null }) {
  const queryClient = useQueryClient();
  const [earlier, setEarlier] = useState<{ items: MoneyLine[]; nextCursor: Statement["nextCursor"] }>({
    items: [],
    nextCursor: p.first.nextCursor,
  });
  const [loading, setLoading] = useState(false);
  const lines = [...p.first.items, ...earlier.items];
  async function more() {
    if (!earlier.nextCursor) return;
    setLoading(true);
    try {
      const page = await queryClient.fetchQuery(
        trpc.ledgerCorrections.statement.queryOptions({ of: p.of, cursor: earlier.nextCursor }),
      );
      setEarlier((before) => ({ items: [...before.items, ...page.items], nextCursor: page.nextCursor }));
    } catch (error) {
      toastError(error);
    } finally {
      setLoading(false);
    }
  }
  return (
    <SectionCard title={m.ops_money_statement()} icon={<ScrollText aria-hidden />} contentClassName="grid gap-3">
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.ops_money_statement_empty()}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="money-statement">
            <thead className="text-start text-xs text-muted-foreground">
              <tr>
                <th className="p-2 text-start font-medium">{m.ops_money_col_date()}</th>
                <th className="p-2 text-start font-medium">{m.ops_money_col_account()}</th>
                <th className="p-2 text-start font-medium">{m.ops_money_col_cause()}</th>
                <th className="p-2 text-end font-medium">{m.ops_money_col_amount()}</th>
                {p.onReverse && <th className="p-2" />}
              </tr>
            </thead>
            <tbody>
              {lines.map((line, i) => (
                <tr key={line.postingId} className="border-t align-top" data-testid="money-line">
                  <td className="p-2 whitespace-nowrap">{formatDateTime(line.at)}</td>
                  <td className="p-2">
                    <div>{ACCOUNT_NAMES[line.account]()}</div>
                    <div className="text-xs text-muted-foreground" dir="auto">
                      {line.partyLabel}
                    </div>
                  </td>
                  <td className="p-2">
                    <div>
                      {CAUSE_NAMES[line.cause]()}
                      {line.reversed && <span className="ms-2 text-xs text-muted-foreground">({m.ops_money_reversed()})</span>}
                    </div>
                    {line.memo && (
                      <div className="text-xs break-words text-muted-foreground" dir="auto" data-testid="money-line-memo">
                        {line.memo}
                        {line.createdByLabel && ` · ${m.ops_money_by({ label: line.createdByLabel })}`}
                      </div>
                    )}
                  </td>
                  <td className="p-2 text-end whitespace-nowrap tabular-nums" data-testid="money-line-amount">
                    {signedMoney(line.amount, line.currency)}
                  </td>
                  {p.onReverse && (
                    <td className="p-2 text-end">
                      {/* One button per transaction: on its first line. */}
                      {!line.reversed && lines.findIndex((l) => l.transactionId === line.transactionId) === i && (
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          onClick={() => p.onReverse?.(line)}
                          data-testid="money-line-reverse"
                        >
                          <Undo2 aria-hidden />
                          {m.ops_money_reverse()}
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {earlier.nextCursor && (
        <PendingButton
          type="button"
          variant="outline"
          className="justify-self-start"
          pending={loading}
          onClick={() => void more()}
        >
          {m.ops_money_more()}
        </PendingButton>
      )}
    </SectionCard>
  );
}

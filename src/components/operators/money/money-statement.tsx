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

/** The statement's columns on wider screens: date, account and party, cause and reason, amount. */
const COLUMNS = "gap-x-4 sm:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1.4fr)_9rem]";

type Statement = RouterOutputs["ledgerCorrections"]["money"]["statement"];
export type MoneyLine = Statement["items"][number];

/**
 * A party's or a job's postings, newest first, each with its cause, the operator's reason and who posted
 * it; earlier pages on request (keyset). An admin may reverse a transaction not reversed yet.
 */
export function MoneyStatement(p: {
  of: MoneyOf;
  first: Statement;
  /** A party's name while its person's account lives, else its label. */
  nameOf: (partyId: string, label: string) => string;
  onReverse: ((line: MoneyLine) => void) | null;
}) {
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
        <div className="grid text-sm">
          {/* Column names on wide screens; on a phone each line stacks and says what it is. */}
          <div aria-hidden className={`hidden pb-1 text-xs text-muted-foreground sm:grid ${COLUMNS}`}>
            <span>{m.ops_money_col_date()}</span>
            <span>{m.ops_money_col_account()}</span>
            <span>{m.ops_money_col_cause()}</span>
            <span className="text-end">{m.ops_money_col_amount()}</span>
          </div>
          <ol className="grid" data-testid="money-statement">
            {lines.map((line, i) => (
              <li
                key={line.postingId}
                className={`grid grid-cols-[1fr_auto] gap-y-1 border-t py-2 ${COLUMNS}`}
                data-testid="money-line"
              >
                <div className="text-muted-foreground sm:text-foreground">{formatDateTime(line.at)}</div>
                <div
                  className="text-end font-medium whitespace-nowrap tabular-nums sm:order-last"
                  data-testid="money-line-amount"
                >
                  {signedMoney(line.amount, line.currency)}
                </div>
                <div>
                  <div>{ACCOUNT_NAMES[line.account]()}</div>
                  <div className="text-xs text-muted-foreground">
                    <bdi>{p.nameOf(line.partyId, line.partyLabel)}</bdi>
                  </div>
                </div>
                <div className="col-span-2 sm:col-span-1">
                  <div>
                    {CAUSE_NAMES[line.cause]()}
                    {line.reversed && <span className="ms-2 text-xs text-muted-foreground">({m.ops_money_reversed()})</span>}
                  </div>
                  {line.memo && (
                    <p className="text-xs break-words text-muted-foreground" data-testid="money-line-memo">
                      <bdi>{line.memo}</bdi>
                      {line.createdByLabel && (
                        <>
                          {" · "}
                          {m.ops_money_by({ label: line.createdByLabel })}
                        </>
                      )}
                    </p>
                  )}
                  {p.onReverse && !line.reversed && lines.findIndex((l) => l.transactionId === line.transactionId) === i && (
                    // One button per transaction: on its first line.
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className="mt-1"
                      onClick={() => p.onReverse?.(line)}
                      data-testid="money-line-reverse"
                    >
                      <Undo2 aria-hidden />
                      {m.ops_money_reverse()}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ol>
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

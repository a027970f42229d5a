import { useQuery } from "@tanstack/react-query";
import { TriangleAlert, Wallet } from "lucide-react";
import { useState } from "react";

import type { MoneyOf } from "../../../../domain/ledger-corrections.ts";
import { errorCode, errorMessage } from "../../../lib/errors.ts";
import { m } from "../../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { NoticeCard, RetryButton } from "../../layout/notice.tsx";
import { personName } from "../../profile/person-name.ts";
import { SectionCard } from "../../ui/card.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { CorrectionForm } from "./correction-form.tsx";
import { MoneyStatement, type MoneyLine } from "./money-statement.tsx";
import { ACCOUNT_NAMES, signedMoney } from "./money-words.ts";

type MoneyView = RouterOutputs["ledgerCorrections"]["money"];

/** Who the money is: a person's name and e-mail, a party's label, or a job's title and owner. */
function subjectTitle(subject: MoneyView["subject"]): { title: string; detail: string | null } {
  if (subject.kind === "job") {
    return {
      title: subject.title ?? m.ops_money_job_deleted(),
      detail: subject.ownerName === null ? null : m.ops_money_owner({ name: personName(subject.ownerName) }),
    };
  }
  const { person, email } = subject;
  const title = person.name === null ? (person.label ?? "—") : personName(person.name);
  const detail = [person.name === null ? null : person.label, email].filter(Boolean).join(" · ");
  return { title, detail: detail || (person.userId === null ? m.ops_money_deleted_person() : null) };
}

/**
 * A party's, a person's or a job's money for the console (docs/decisions/080): who, balances per
 * account and currency, the statement, and for admins the correction form.
 */
export function MoneyPanel({ of, admin }: { of: MoneyOf; admin: boolean }) {
  const money = useQuery(trpc.ledgerCorrections.money.queryOptions(of));
  if (money.isPending) return <Spinner />;
  if (money.isError) {
    const missing = errorCode(money.error) === "NOT_FOUND" || errorCode(money.error) === "BAD_REQUEST";
    return missing ? (
      <NoticeCard icon={<Wallet aria-hidden className="size-6" />} title={m.not_found_title()} testId="money-not-found" />
    ) : (
      <NoticeCard
        alert
        icon={<TriangleAlert aria-hidden className="size-6 text-destructive" />}
        title={m.ops_money_load_failed()}
        hint={errorMessage(money.error)}
        testId="load-failed"
      >
        <RetryButton onRetry={() => void money.refetch()} />
      </NoticeCard>
    );
  }
  return <MoneyDetails view={money.data} of={of} admin={admin} />;
}

function MoneyDetails({ view, of, admin }: { view: MoneyView; of: MoneyOf; admin: boolean }) {
  const [reversing, setReversing] = useState<MoneyLine | null>(null);
  const { title, detail } = subjectTitle(view.subject);
  const jobId = view.subject.kind === "job" ? view.subject.jobId : null;
  const currency = view.subject.kind === "job" ? view.subject.currency : null;
  const nameOf = (partyId: string, label: string) => {
    const name = view.people.find((p) => p.partyId === partyId)?.name;
    return name ? personName(name) : label;
  };
  return (
    <div className="grid gap-6" data-testid="money-panel">
      <SectionCard title={title} description={detail} icon={<Wallet aria-hidden />} contentClassName="grid gap-2">
        <h3 className="text-sm font-semibold">{m.ops_money_balances()}</h3>
        {view.subject.kind === "party" && view.subject.person.partyId === null && (
          <p className="text-sm text-muted-foreground">{m.ops_money_no_party()}</p>
        )}
        {view.balances.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.ops_money_no_balances()}</p>
        ) : (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="money-balances">
            {view.balances.map((b) => (
              <div key={`${b.partyId}:${b.account}:${b.currency}`} className="contents" data-testid="money-balance">
                <dt className="flex flex-wrap items-baseline gap-x-2">
                  {ACCOUNT_NAMES[b.account]()}
                  {view.subject.kind === "job" && (
                    <bdi className="text-xs text-muted-foreground">{nameOf(b.partyId, b.partyLabel)}</bdi>
                  )}
                </dt>
                <dd className="text-end font-medium tabular-nums" data-testid={`money-balance-${b.account}`}>
                  {signedMoney(b.amount, b.currency)}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <p className="text-xs text-muted-foreground">{m.ops_money_sign_hint()}</p>
      </SectionCard>
      <MoneyStatement
        key={JSON.stringify(view.statement.items[0]?.postingId ?? null)}
        of={of}
        first={view.statement}
        nameOf={nameOf}
        onReverse={admin ? setReversing : null}
      />
      {admin && (
        <CorrectionForm
          key={reversing?.transactionId ?? "amount"}
          of={of}
          jobId={jobId}
          currency={currency}
          people={view.people}
          reversing={reversing}
          onReversing={setReversing}
        />
      )}
    </div>
  );
}

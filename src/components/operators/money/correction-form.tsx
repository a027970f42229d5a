import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Scale } from "lucide-react";
import { useState, type FormEvent } from "react";

import { JOB_CURRENCIES, type JobCurrency } from "../../../../domain/currencies.ts";
import {
  CORRECTION_KINDS,
  CORRECTION_SIDES,
  type CorrectionKind,
  type CorrectionParty,
  type MoneyOf,
} from "../../../../domain/ledger-corrections.ts";
import { LEDGER_LIMITS } from "../../../../domain/ledger.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { toastSuccess } from "../../../lib/toast.ts";
import { m } from "../../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { PendingButton } from "../../forms/pending-button.tsx";
import { SectionCard } from "../../ui/card.tsx";
import { Field } from "../../ui/field.tsx";
import { Input } from "../../ui/input.tsx";
import { selectTriggerClasses } from "../../ui/select-trigger-classes.ts";
import { Textarea } from "../../ui/textarea.tsx";
import type { MoneyLine } from "./money-statement.tsx";
import { CAUSE_NAMES, CORRECTION_KIND_NAMES } from "./money-words.ts";

type MoneyPerson = RouterOutputs["ledgerCorrections"]["money"]["people"][number];

/** A version 4 uuid from the browser's random source: the form's one key while it is sent again. */
function newFormKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** How a correction names a person: their party when the ledger has one, else their account. */
function partyOf(person: MoneyPerson | undefined): CorrectionParty | null {
  if (!person) return null;
  if (person.partyId) return { partyId: person.partyId };
  return person.userId ? { userId: person.userId } : null;
}

const personLabel = (p: MoneyPerson) => (p.name ? `${p.name} (${p.label ?? "—"})` : (p.label ?? "—"));

/**
 * An admin's correction (docs/decisions/080): what it does, who, how much in the currency, and why; or
 * the reversal of a transaction picked in the statement. The server builds the lines, checks them and
 * answers refusals in the reader's language; one key per filled form, so a double click posts once.
 */
export function CorrectionForm(p: {
  of: MoneyOf;
  jobId: string | null;
  currency: JobCurrency | null;
  people: readonly MoneyPerson[];
  reversing: MoneyLine | null;
  onReversing: (line: MoneyLine | null) => void;
}) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<CorrectionKind | "">(p.reversing ? "reverse" : "");
  const [employer, setEmployer] = useState("");
  const [worker, setWorker] = useState("");
  const [currency, setCurrency] = useState<JobCurrency>(p.currency ?? "RUB");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [requestKey, setRequestKey] = useState(newFormKey);
  const chosen: CorrectionKind | "" = p.reversing ? "reverse" : kind;
  const post = useMutation(
    trpc.ledgerCorrections.post.mutationOptions({
      onSuccess: () => {
        toastSuccess(m.ops_correction_posted());
        setRequestKey(newFormKey());
        setAmount("");
        setReason("");
        setKind("");
        p.onReversing(null);
        void queryClient.invalidateQueries({ queryKey: trpc.ledgerCorrections.money.queryKey(p.of) });
      },
      onError: (e) => setError(errorMessage(e)),
    }),
  );
  const sides = chosen && chosen !== "reverse" ? CORRECTION_SIDES[chosen] : null;
  const people = (side: "employer" | "worker") => p.people.filter((person) => person.kind === null || person.kind === side);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    if (!chosen) return setError(m.error_correction_kind_invalid());
    if (chosen === "reverse") {
      if (!p.reversing) return setError(m.ops_correction_choose_transaction());
      return post.mutate({ kind: "reverse", transactionId: p.reversing.transactionId, reason, requestKey });
    }
    post.mutate({
      kind: chosen,
      currency,
      amount,
      employer: partyOf(people("employer")[Number(employer)]),
      worker: partyOf(people("worker")[Number(worker)]),
      jobId: p.jobId,
      reason,
      requestKey,
    });
  }

  return (
    <SectionCard title={m.ops_correction_title()} description={m.ops_correction_hint()} icon={<Scale aria-hidden />}>
      <form onSubmit={submit} noValidate className="grid gap-4" data-testid="correction-form">
        <Field label={m.ops_correction_kind()} required>
          <select
            className={`${selectTriggerClasses} h-10`}
            value={chosen}
            onChange={(e) => {
              const next = e.target.value as CorrectionKind | "";
              if (next !== "reverse") p.onReversing(null);
              setKind(next);
            }}
            data-testid="correction-kind"
          >
            <option value="">{m.ops_correction_choose()}</option>
            {CORRECTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {CORRECTION_KIND_NAMES[k]()}
              </option>
            ))}
          </select>
        </Field>
        {chosen === "reverse" && (
          <p className="text-sm" data-testid="correction-reversing">
            {p.reversing
              ? `${m.ops_correction_transaction()}: ${CAUSE_NAMES[p.reversing.cause]()}, ${formatDateTime(p.reversing.at)}`
              : m.ops_correction_choose_transaction()}
          </p>
        )}
        {sides?.employer && (
          <Field label={m.ops_correction_employer()} required>
            <select
              className={`${selectTriggerClasses} h-10`}
              value={employer}
              onChange={(e) => setEmployer(e.target.value)}
              data-testid="correction-employer"
            >
              <option value="">{m.ops_correction_choose()}</option>
              {people("employer").map((person, i) => (
                <option key={person.partyId ?? person.userId} value={i}>
                  {personLabel(person)}
                </option>
              ))}
            </select>
          </Field>
        )}
        {sides?.worker && (
          <Field label={m.ops_correction_worker()} required>
            <select
              className={`${selectTriggerClasses} h-10`}
              value={worker}
              onChange={(e) => setWorker(e.target.value)}
              data-testid="correction-worker"
            >
              <option value="">{m.ops_correction_choose()}</option>
              {people("worker").map((person, i) => (
                <option key={person.partyId ?? person.userId} value={i}>
                  {personLabel(person)}
                </option>
              ))}
            </select>
          </Field>
        )}
        {sides && (
          <div className="flex flex-wrap gap-4">
            {!p.currency && (
              <Field label={m.ops_correction_currency()} required>
                <select
                  className={`${selectTriggerClasses} h-10`}
                  value={currency}
                  onChange={(e) => setCurrency(e.target.value as JobCurrency)}
                  data-testid="correction-currency"
                >
                  {JOB_CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            <Field label={m.ops_correction_amount({ currency })} required>
              <Input
                value={amount}
                inputMode="decimal"
                dir="ltr"
                onChange={(e) => setAmount(e.target.value)}
                className="max-w-40 tabular-nums"
                data-testid="correction-amount"
              />
            </Field>
          </div>
        )}
        <Field label={m.ops_correction_reason()} required error={error}>
          <Textarea
            value={reason}
            dir="auto"
            rows={3}
            maxLength={LEDGER_LIMITS.memo}
            onChange={(e) => setReason(e.target.value)}
            data-testid="correction-reason"
          />
        </Field>
        <PendingButton type="submit" className="justify-self-start" pending={post.isPending} data-testid="correction-submit">
          {m.ops_correction_submit()}
        </PendingButton>
      </form>
    </SectionCard>
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ReceiptText } from "lucide-react";
import { useState, type FormEvent } from "react";

import { errorMessage } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { SectionCard } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { refreshPayouts } from "./payouts-queries.ts";

type Tax = RouterOutputs["payouts"]["overview"]["tax"];

/** What the tax service and the payout provider said of the worker's ИНН. */
function StatusLine({ tax }: { tax: NonNullable<Tax> }) {
  const text =
    tax.status === "self_employed"
      ? m.payouts_tax_self_employed({ ending: tax.innEnding, date: formatDateTime(tax.checkedAt) })
      : tax.status === "awaiting_rights"
        ? m.payouts_tax_awaiting_rights()
        : m.payouts_tax_not_self_employed({ ending: tax.innEnding });
  return (
    <p
      className={tax.status === "self_employed" ? "text-sm font-medium text-emerald-800" : "text-sm text-red-800"}
      data-testid="payouts-tax-status"
      data-status={tax.status}
    >
      {text}
    </p>
  );
}

/** For roubles: the worker's ИНН, checked as self-employed; payouts then register their tax receipts. */
export function TaxStatusCard({ tax }: { tax: Tax }) {
  const queryClient = useQueryClient();
  const [inn, setInn] = useState("");
  const check = useMutation(
    trpc.payouts.checkTaxStatus.mutationOptions({
      onSuccess: () => {
        setInn("");
        refreshPayouts(queryClient);
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    check.mutate({ inn });
  };
  return (
    <SectionCard
      title={m.payouts_tax_title()}
      description={m.payouts_tax_explain()}
      icon={<ReceiptText aria-hidden className="size-5" />}
      data-testid="payouts-tax"
    >
      <div className="grid gap-3">
        {tax && <StatusLine tax={tax} />}
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <Field
            label={m.payouts_tax_inn()}
            error={check.error ? errorMessage(check.error) : undefined}
            className="min-w-0 flex-1 basis-48"
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              maxLength={14}
              value={inn}
              onChange={(e) => setInn(e.target.value)}
              data-testid="payouts-inn"
            />
          </Field>
          <Button type="submit" disabled={check.isPending || inn.trim() === ""} data-testid="payouts-tax-check">
            {m.payouts_tax_check()}
          </Button>
        </form>
      </div>
    </SectionCard>
  );
}

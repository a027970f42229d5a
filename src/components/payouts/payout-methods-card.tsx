import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CreditCard, Landmark, Smartphone } from "lucide-react";
import { useState, type FormEvent } from "react";

import { errorMessage, fieldErrors } from "../../lib/errors.ts";
import { translate } from "../../lib/messages.ts";
import { useMe } from "../../lib/session.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { SectionCard } from "../ui/card.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { selectTriggerClasses } from "../ui/select-trigger-classes.ts";
import { refreshPayouts } from "./payouts-queries.ts";

type Overview = RouterOutputs["payouts"]["overview"];

const isConnectCurrency = (code: string): code is "EUR" | "GBP" | "USD" => code === "EUR" || code === "GBP" || code === "USD";
type Method = Overview["methods"][number];

const ICONS = { card_token: CreditCard, sbp: Smartphone, connected_account: Landmark } as const;

function MethodRow({ method }: { method: Method }) {
  const queryClient = useQueryClient();
  const done = (text?: string) => ({
    onSuccess: () => {
      if (text) toastSuccess(text);
      refreshPayouts(queryClient);
    },
    onError: (error: unknown) => toastError(error),
  });
  const makeDefault = useMutation(trpc.payouts.setDefault.mutationOptions(done()));
  const remove = useMutation(trpc.payouts.removeMethod.mutationOptions(done(m.payouts_method_removed())));
  const check = useMutation(trpc.payouts.refreshMethod.mutationOptions(done()));
  const Icon = ICONS[method.kind];
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0"
      data-testid="payout-method"
      data-kind={method.kind}
    >
      <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <span className="min-w-0 flex-1 font-medium break-words" dir="ltr">
        {method.label}
      </span>
      {method.isDefault && <Badge variant="green">{m.payouts_method_default()}</Badge>}
      {!method.ready && <Badge variant="grey">{m.payouts_connect_pending()}</Badge>}
      <div className="flex flex-wrap gap-2">
        {!method.ready && (
          <Button size="sm" variant="outline" onClick={() => check.mutate({ methodId: method.id })} disabled={check.isPending}>
            {m.payouts_connect_check()}
          </Button>
        )}
        {!method.isDefault && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => makeDefault.mutate({ methodId: method.id })}
            disabled={makeDefault.isPending}
          >
            {m.payouts_make_default()}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => remove.mutate({ methodId: method.id })} disabled={remove.isPending}>
          {m.payouts_remove_method()}
        </Button>
      </div>
    </li>
  );
}

/** A phone and a bank of the fast payment system (banks as the payout provider lists them). */
function SbpForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const banks = useQuery(trpc.payouts.sbpBanks.queryOptions());
  const [phone, setPhone] = useState("");
  const [bankId, setBankId] = useState("");
  const add = useMutation(
    trpc.payouts.addSbp.mutationOptions({
      onSuccess: () => {
        toastSuccess(m.payouts_method_added());
        refreshPayouts(queryClient);
        onDone();
      },
    }),
  );
  const errors = fieldErrors(add.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ phone, bankId });
  };
  const formError = add.error && Object.keys(errors).length === 0 ? add.error : null;
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border p-3" data-testid="payouts-sbp-form">
      <Field label={m.payouts_sbp_phone()} error={errors.phone ? translate(errors.phone) : undefined} required>
        <Input type="tel" inputMode="tel" autoComplete="tel" dir="ltr" value={phone} onChange={(e) => setPhone(e.target.value)} />
      </Field>
      <Field label={m.payouts_sbp_bank()} error={errors.bankId ? translate(errors.bankId) : undefined} required>
        <select className={`${selectTriggerClasses} h-10`} value={bankId} onChange={(e) => setBankId(e.target.value)}>
          <option value="" />
          {(banks.data ?? []).map((bank) => (
            <option key={bank.bankId} value={bank.bankId}>
              {bank.name}
            </option>
          ))}
        </select>
      </Field>
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(formError)}
        </p>
      )}
      <Button type="submit" disabled={add.isPending} className="justify-self-start">
        {m.payouts_save()}
      </Button>
    </form>
  );
}

/**
 * Where the worker is paid: saved methods (default, remove, Stripe setup), a card through the provider's
 * own card form (we never see its number), a phone for SBP, a Stripe Connect account for EUR/GBP/USD.
 */
export function PayoutMethodsCard({ overview }: { overview: Overview }) {
  const [sbpOpen, setSbpOpen] = useState(false);
  // The account's country follows the money waiting for it, else the reader's currency (Stripe asks again on its page).
  const preferred = useMe().data?.profile?.currency;
  const connectCurrency =
    overview.money.map((item) => item.currency).find(isConnectCurrency) ??
    (preferred && isConnectCurrency(preferred) ? preferred : "EUR");
  const cardForm = useQuery({ ...trpc.payouts.cardForm.queryOptions(), enabled: overview.providers.yookassa });
  const connect = useMutation(
    trpc.payouts.connect.mutationOptions({
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => toastError(error),
    }),
  );
  return (
    <SectionCard
      title={m.payouts_methods_title()}
      icon={<CreditCard aria-hidden className="size-5" />}
      data-testid="payouts-methods"
    >
      <div className="grid gap-4">
        {overview.methods.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.payouts_methods_none()}</p>
        ) : (
          <ul className="grid divide-y">
            {overview.methods.map((method) => (
              <MethodRow key={method.id} method={method} />
            ))}
          </ul>
        )}
        {/* Labels are long in some languages: the buttons wrap their text rather than leave the card. */}
        <div className="flex flex-wrap gap-2 [&>*]:h-auto [&>*]:min-h-9 [&>*]:max-w-full [&>*]:py-2 [&>*]:whitespace-normal">
          {overview.providers.yookassa &&
            (cardForm.data?.url ? (
              <Button asChild variant="outline">
                <a href={cardForm.data.url} data-testid="payouts-add-card">
                  {m.payouts_add_card()}
                </a>
              </Button>
            ) : (
              cardForm.isSuccess && <p className="text-sm text-muted-foreground">{m.payouts_card_unavailable()}</p>
            ))}
          {overview.providers.yookassa && (
            <Button
              variant="outline"
              onClick={() => setSbpOpen((open) => !open)}
              aria-expanded={sbpOpen}
              data-testid="payouts-add-sbp"
            >
              {m.payouts_add_sbp()}
            </Button>
          )}
          {overview.providers.stripe && (
            <Button
              variant="outline"
              onClick={() => connect.mutate({ currency: connectCurrency })}
              disabled={connect.isPending}
              data-testid="payouts-add-connect"
            >
              {m.payouts_add_connect()}
            </Button>
          )}
        </div>
        {sbpOpen && <SbpForm onDone={() => setSbpOpen(false)} />}
      </div>
    </SectionCard>
  );
}

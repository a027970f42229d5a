import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CreditCard, RotateCcw, ShieldCheck, ShieldQuestion } from "lucide-react";

import { PLANNED_HOURS_PER_DAY } from "../../../domain/planned-cost.ts";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { SectionCard } from "../ui/card.tsx";
import { holdFailureText } from "./hold-failure-text.ts";

/** While the provider or the employer has yet to answer, the state is asked again this often. */
const WAITING_REFRESH_MS = 3000;

/**
 * Where the employer's payment for a through-Daywork job stands (docs/decisions/079): the owner sees the
 * hold asked, waiting for their confirmation (a button to the provider's page), secured, failed (why, and
 * ask again) or asked later; a worker reads what is held for a hired worker, and once hired whether theirs
 * is. In the job page's member cards (a chunk of its own: the page's first load is at its ceiling).
 */
export function JobPayCard({ jobId, isOwner }: { jobId: string; isOwner: boolean }) {
  // A worker asks only once hired (the apply card reads the same query): anyone else would be "not found".
  const application = useQuery({ ...trpc.applications.mine.queryOptions({ jobId }), enabled: !isOwner });
  const allowed = isOwner || application.data?.status === "accepted";
  const state = useQuery({
    ...trpc.holds.forJob.queryOptions({ jobId }),
    retry: false,
    enabled: allowed,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data?.role === "owner" && (data.state === "asking" || data.state === "waiting") ? WAITING_REFRESH_MS : false;
    },
  });
  const data = state.data;
  if (data?.role === "owner") return <OwnerPayState jobId={jobId} state={data} />;
  if (isOwner) return null;
  // A worker, before applying too: what is held for them, in plain words; once hired, whether it is.
  return (
    <div className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="pay-held">
      <p className="text-muted-foreground">{m.pay_held_hours_fact({ hours: PLANNED_HOURS_PER_DAY })}</p>
      {data && (
        <p className="flex items-start gap-2" data-testid="pay-secured" data-secured={data.secured}>
          {data.secured ? (
            <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          ) : (
            <ShieldQuestion aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          )}
          {data.secured ? m.pay_secured_yes() : m.pay_secured_no()}
        </p>
      )}
    </div>
  );
}

type OwnerState = Extract<RouterOutputs["holds"]["forJob"], { role: "owner" }>;

function OwnerPayState({ jobId, state }: { jobId: string; state: OwnerState }) {
  const queryClient = useQueryClient();
  const retry = useMutation(
    trpc.holds.retry.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.holds.forJob.queryFilter({ jobId })),
      onError: (error) => toastError(error),
    }),
  );
  const planned = formatMoney(Number(state.planned), state.currency);
  const held = formatMoney(Number(state.held), state.currency);
  let text: string;
  switch (state.state) {
    case "nobody_hired":
      text = m.pay_state_nobody_hired();
      break;
    case "asking":
      text = m.pay_state_asking({ amount: planned });
      break;
    case "waiting":
      text = m.pay_state_waiting({ amount: planned });
      break;
    case "secured":
      text = m.pay_state_secured({ amount: held });
      break;
    case "failed":
      text = m.pay_state_failed({ reason: holdFailureText(state.failureReason ?? "refused") });
      break;
    case "later":
      text = m.pay_state_later({ amount: planned, date: formatDate(state.askOn ?? "", "long") });
      break;
    case "ended":
      text = m.pay_state_ended();
      break;
  }
  const Icon = state.state === "secured" ? ShieldCheck : state.state === "failed" ? CircleAlert : CreditCard;
  return (
    <SectionCard
      title={m.pay_state_title()}
      icon={<Icon aria-hidden className="size-5 text-muted-foreground" />}
      contentClassName="grid gap-3 text-sm"
      data-testid="job-pay-state"
      data-state={state.state}
    >
      <p data-testid="job-pay-state-text">{text}</p>
      <p className="text-muted-foreground">{m.pay_held_hours_fact({ hours: state.hoursPerDay })}</p>
      {state.state === "waiting" && state.confirmationUrl && (
        <Button asChild>
          <a href={state.confirmationUrl} data-testid="pay-confirm">
            <CreditCard aria-hidden />
            {m.pay_state_confirm()}
          </a>
        </Button>
      )}
      {state.state === "failed" && (
        <Button variant="outline" disabled={retry.isPending} onClick={() => retry.mutate({ jobId })} data-testid="pay-retry">
          <RotateCcw aria-hidden />
          {m.pay_state_retry()}
        </Button>
      )}
    </SectionCard>
  );
}

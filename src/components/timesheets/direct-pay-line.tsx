import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Wallet } from "lucide-react";
import { useId } from "react";

import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { directPayAction } from "./timesheet-turns.ts";

type DirectPay = NonNullable<RouterOutputs["timesheets"]["forJob"]["rows"][number]["directPay"]>;

/** What the line says of a directly paid day: owed, marked paid (when), received (when). */
function stateText(pay: DirectPay): string {
  const amount = formatMoney(Number(pay.amount), pay.currency);
  if (pay.state === "confirmed" && pay.confirmedAt)
    return m.direct_pay_confirmed({ amount, date: formatDateTime(pay.confirmedAt) });
  if (pay.state !== "owed" && pay.markedAt) return m.direct_pay_marked({ amount, date: formatDateTime(pay.markedAt) });
  return m.direct_pay_owed({ amount });
}

/**
 * An agreed day of a job paid directly (docs/product.md, Shift operations): where its pay stands, and the viewer's
 * step if it is theirs: "Mark paid" for the owner, then "Confirm received" for the worker.
 */
export function DirectPayLine({
  jobId,
  timesheetId,
  owner,
  pay,
}: {
  jobId: string;
  timesheetId: string;
  owner: boolean;
  pay: DirectPay;
}) {
  const queryClient = useQueryClient();
  const stateId = useId();
  const options = (done: string) => ({
    onSuccess: () => {
      toastSuccess(done);
      void queryClient.invalidateQueries({ queryKey: trpc.timesheets.forJob.queryKey({ jobId }) });
    },
    onError: (e: unknown) => toastError(e),
  });
  const mark = useMutation(trpc.timesheets.markPaid.mutationOptions(options(m.direct_pay_marked_done())));
  const confirm = useMutation(trpc.timesheets.confirmReceived.mutationOptions(options(m.direct_pay_confirmed_done())));
  const action = directPayAction(owner, pay.state);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="direct-pay" data-state={pay.state}>
      <p id={stateId} className="flex min-w-0 items-start gap-2 text-sm" dir="auto">
        <Wallet aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span className="break-words">{stateText(pay)}</span>
      </p>
      {action === "mark" && (
        <Button
          size="sm"
          aria-describedby={stateId}
          onClick={() => mark.mutate({ timesheetId })}
          disabled={mark.isPending}
          data-testid="direct-pay-mark"
        >
          {m.direct_pay_mark_paid()}
        </Button>
      )}
      {action === "confirm" && (
        <Button
          size="sm"
          aria-describedby={stateId}
          onClick={() => confirm.mutate({ timesheetId })}
          disabled={confirm.isPending}
          data-testid="direct-pay-confirm"
        >
          {m.direct_pay_confirm_received()}
        </Button>
      )}
    </div>
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useRef, useState } from "react";

import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { LazyConfirmDialog, loadConfirmDialog } from "../forms/lazy-confirm-dialog.tsx";
import { Button } from "../ui/button.tsx";

/**
 * The worker's Withdraw button on the apply card (docs/decisions/035), with a confirmation that says
 * what happens: a pending application is simply withdrawn; a hired worker leaves the job and its group
 * chat, and less than 24 hours before their shift it is a late cancellation on their profile, with the
 * hours of notice (`lateNoticeHours`, from the server's clock).
 */
export function WithdrawAction({
  jobId,
  hired,
  lateNoticeHours,
}: {
  jobId: string;
  hired: boolean;
  lateNoticeHours: number | null;
}) {
  const queryClient = useQueryClient();
  // Mounted once first opened (its code is fetched then, or when the button is pointed at).
  const [open, setOpen] = useState<boolean | null>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.applications.mine.queryKey({ jobId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.jobs.mine.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.jobs.byId.queryKey({ jobId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.attendance.mine.queryKey({ jobId }) }),
    ]);
  const withdraw = useMutation(
    trpc.applications.withdraw.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        toastSuccess(m.apply_withdrawn_toast());
        await refresh();
      },
      onError: async (error) => {
        setOpen(false);
        toastError(error);
        await refresh();
      },
    }),
  );
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="outline"
        className="w-full"
        disabled={withdraw.isPending}
        onPointerEnter={loadConfirmDialog}
        onFocus={loadConfirmDialog}
        onClick={() => setOpen(true)}
        data-testid="apply-withdraw"
      >
        <LogOut aria-hidden className="rtl:-scale-x-100" />
        {hired ? m.apply_withdraw_hired() : m.apply_withdraw()}
      </Button>
      {open !== null && (
        <LazyConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={hired ? m.apply_withdraw_hired_title() : m.apply_withdraw_title()}
          description={hired ? m.apply_withdraw_hired_effect() : m.apply_withdraw_effect()}
          labels={{ cancel: m.apply_withdraw_keep(), confirm: m.apply_withdraw_confirm() }}
          pending={withdraw.isPending}
          onConfirm={() => withdraw.mutate({ jobId })}
          returnFocusTo={button}
          testIds={{ dialog: "apply-withdraw-dialog", cancel: "apply-withdraw-keep", confirm: "apply-withdraw-confirm" }}
        >
          {hired && lateNoticeHours !== null && (
            <p
              className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="apply-withdraw-late"
            >
              {m.apply_withdraw_late({ hours: lateNoticeHours })}
            </p>
          )}
        </LazyConfirmDialog>
      )}
    </>
  );
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogIn, LogOut } from "lucide-react";
import { useState, type FormEvent } from "react";

import { errorMessage } from "../../lib/errors.ts";
import { toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { typedCode } from "./shift-helpers.ts";

/**
 * The worker's Check in / Check out with the owner's six digits: typed here, or given by the QR code's
 * address (`initialCode`, then one tap confirms). Which one it does follows attendance.mine.
 */
export function CheckInForm({
  jobId,
  mode,
  initialCode,
  onDone,
}: {
  jobId: string;
  mode: "in" | "out";
  initialCode?: string;
  onDone?: (mode: "in" | "out") => void;
}) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState(initialCode ?? "");
  const [error, setError] = useState<string | undefined>();
  const settled = {
    onSuccess: () => {
      setError(undefined);
      setCode("");
      toastSuccess(mode === "in" ? m.shift_checked_in() : m.shift_checked_out());
      void queryClient.invalidateQueries({ queryKey: trpc.attendance.mine.queryKey({ jobId }) });
      void queryClient.invalidateQueries({ queryKey: trpc.timesheets.forJob.queryKey({ jobId }) });
      onDone?.(mode);
    },
    onError: (e: unknown) => setError(errorMessage(e)),
  };
  const checkIn = useMutation(trpc.attendance.checkIn.mutationOptions(settled));
  const checkOut = useMutation(trpc.attendance.checkOut.mutationOptions(settled));
  const pending = checkIn.isPending || checkOut.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = typedCode(code);
    if (!digits) {
      setError(m.shift_code_six_digits());
      return;
    }
    (mode === "in" ? checkIn : checkOut).mutate({ jobId, code: digits });
  }

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate data-testid="check-in-form">
      <Field label={m.shift_code_label()} description={m.shift_code_hint()} error={error}>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          className="text-center font-mono text-2xl tracking-[0.3em]"
          dir="ltr"
          data-testid="check-in-code"
        />
      </Field>
      <Button type="submit" disabled={pending} data-testid={mode === "in" ? "check-in-submit" : "check-out-submit"}>
        {mode === "in" ? <LogIn aria-hidden /> : <LogOut aria-hidden />}
        {mode === "in" ? m.shift_check_in() : m.shift_check_out()}
      </Button>
    </form>
  );
}

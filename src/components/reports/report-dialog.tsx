import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Flag } from "lucide-react";
import { useId, useRef, useState } from "react";

import { LIMITS } from "../../../domain/limits.ts";
import { REPORT_REASONS, reportCreateSchema, type ReportReason, type ReportSubject } from "../../../domain/reports.ts";
import { cn } from "../../lib/cn.ts";
import { errorKey } from "../../lib/errors.ts";
import { formatNumber } from "../../lib/format.ts";
import { translate } from "../../lib/messages.ts";
import { useRequestKey } from "../../lib/request-key.ts";
import { keyedMutationRetry } from "../../lib/retry-policy.ts";
import { useMe } from "../../lib/session.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { DialogForm } from "../forms/dialog-form.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { Field } from "../ui/field.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { REASON_LABELS, REPORT_TITLES } from "./report-labels.ts";

const commentSchema = reportCreateSchema.shape.comment;
/** The character counter appears when this few characters are left. */
const COUNTER_FROM = 200;

export type ReportDialogProps = {
  subject: ReportSubject;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The report dialog (docs/decisions/070): the reasons as radio buttons, an optional comment, Send;
 * then "Thank you. We will look at it." (or "You already reported this"). Controlled, so a menu item
 * or a small button opens it. Resent with the same key after a lost answer (docs/decisions/063).
 */
export function ReportDialog({ subject, open, onOpenChange }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<{ reason?: string; comment?: string }>({});
  const [done, setDone] = useState<"thanks" | "already" | null>(null);
  const ids = { legend: useId(), reasonError: useId(), comment: useId() };
  const reasonsRef = useRef<HTMLFieldSetElement>(null);
  const requestKey = useRequestKey();
  const queryClient = useQueryClient();

  const report = useMutation(
    trpc.reports.create.mutationOptions({
      ...keyedMutationRetry,
      onSuccess: (answer) => {
        requestKey.sent();
        setDone(answer.alreadyReported ? "already" : "thanks");
        setReason(null);
        setComment("");
        void queryClient.invalidateQueries({ queryKey: trpc.reports.mine.pathKey() });
      },
      onError: (failure) => {
        const key = errorKey(failure);
        if (key === "error_report_comment_too_long") setErrors({ comment: translate(key) });
        else if (key === "error_report_reason_required") setErrors({ reason: translate(key) });
        toastError(failure);
      },
    }),
  );

  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setDone(null);
      setErrors({});
    }
  };

  const submit = () => {
    if (report.isPending) return;
    const parsedComment = commentSchema.safeParse(comment);
    const next = {
      reason: reason ? undefined : translate("error_report_reason_required"),
      comment: parsedComment.success
        ? undefined
        : translate(parsedComment.error.issues[0]?.message ?? "error_report_comment_too_long"),
    };
    setErrors(next);
    // A keyboard or screen-reader user lands where the form needs them.
    if (!reason) reasonsRef.current?.querySelector("input")?.focus();
    if (!reason || !parsedComment.success) return;
    const input = { subject, reason, comment: parsedComment.data };
    report.mutate({ ...input, idempotencyKey: requestKey.keyFor(input) });
  };

  const remaining = LIMITS.reportComment - comment.trim().length;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent closeLabel={m.common_close()} data-testid="report-dialog">
        {done ? (
          <>
            <DialogHeader className="items-center text-center">
              <CircleCheck aria-hidden className="size-10 text-primary" />
              <DialogTitle data-testid="report-done">{done === "thanks" ? m.report_thanks() : m.report_already()}</DialogTitle>
              <DialogDescription className="sr-only">{REPORT_TITLES[subject.type]()}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => changeOpen(false)} data-testid="report-close">
                {m.common_close()}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <DialogForm
            title={REPORT_TITLES[subject.type]()}
            description={m.report_dialog_description()}
            onSubmit={submit}
            onCancel={() => changeOpen(false)}
            cancel={{ label: m.profile_cancel(), testId: "report-cancel" }}
            submit={{ label: m.report_send(), pending: report.isPending, testId: "report-send" }}
          >
            <fieldset
              ref={reasonsRef}
              className="grid gap-2"
              aria-describedby={errors.reason ? ids.reasonError : undefined}
              aria-invalid={errors.reason ? true : undefined}
              data-testid="report-reasons"
            >
              <legend id={ids.legend} className="mb-1 text-sm font-medium">
                {m.report_reason_legend()}
              </legend>
              {REPORT_REASONS.map((value) => (
                <label key={value} className="flex min-h-9 cursor-pointer items-center gap-3 text-sm">
                  <input
                    type="radio"
                    name="report-reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value);
                      setErrors((e) => ({ ...e, reason: undefined }));
                    }}
                    className="size-4 shrink-0 accent-primary"
                    data-testid={`report-reason-${value}`}
                  />
                  <span>{REASON_LABELS[value]()}</span>
                </label>
              ))}
              {errors.reason && (
                <p id={ids.reasonError} role="alert" className="text-sm text-destructive">
                  {errors.reason}
                </p>
              )}
            </fieldset>
            <Field
              id={ids.comment}
              label={m.report_comment_label()}
              error={errors.comment}
              description={
                remaining <= COUNTER_FROM ? (
                  <span className={cn("tabular-nums", remaining < 0 && "text-destructive")} data-testid="report-char-count">
                    {m.common_chars_left({ count: formatNumber(Math.max(remaining, 0)) })}
                  </span>
                ) : undefined
              }
            >
              <Textarea
                value={comment}
                onChange={(event) => {
                  setComment(event.target.value);
                  if (errors.comment) setErrors((e) => ({ ...e, comment: undefined }));
                }}
                rows={3}
                dir="auto"
                data-testid="report-comment"
              />
            </Field>
          </DialogForm>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A small, quiet "Report" button that opens the dialog: for pages without a menu of their own. */
export function ReportButton({ subject, className }: { subject: ReportSubject; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={cn("gap-1.5 text-muted-foreground", className)}
        aria-label={REPORT_TITLES[subject.type]()}
        onClick={() => setOpen(true)}
        data-testid={`report-${subject.type}`}
      >
        <Flag aria-hidden className="size-4" />
        {m.report_action()}
      </Button>
      <ReportDialog subject={subject} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** ReportButton for a signed-in reader only (visitors sign in first); `hidden` leaves it out (one's own item). */
export function SignedInReportButton({
  subject,
  hidden = false,
  className,
}: {
  subject: ReportSubject;
  hidden?: boolean;
  className?: string;
}) {
  const me = useMe();
  if (!me.data || hidden) return null;
  return <ReportButton subject={subject} className={className} />;
}

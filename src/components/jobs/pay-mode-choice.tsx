import { useId } from "react";

import { PAY_MODES, type PayMode } from "../../../domain/pay-mode.ts";
import { cn } from "../../lib/cn.ts";
import { m } from "../../paraglide/messages.js";

const OPTION_TEXT: Record<PayMode, { label: () => string; hint: () => string }> = {
  through_daywork: { label: m.job_form_pay_through, hint: m.job_form_pay_through_hint },
  direct: { label: m.job_form_pay_direct, hint: m.job_form_pay_direct_hint },
};

export type PayModeChoiceProps = {
  value: PayMode;
  onChange: (payMode: PayMode) => void;
  /** Why through Daywork cannot be chosen for the job as filled in (already translated); null: it can. */
  throughRefusal: string | null;
  /** Why neither may change (a worker is hired); null: the choice is open. */
  lockedReason: string | null;
  error?: string;
};

/**
 * The job form's two ways to pay (docs/decisions/078) as radio buttons with a line each; through Daywork
 * is disabled, with the reason under it, when the rate is negotiable, the currency has no provider or the
 * account is not an employer's, and both once a worker is hired.
 */
export function PayModeChoice({ value, onChange, throughRefusal, lockedReason, error }: PayModeChoiceProps) {
  const ids = { legend: useId(), reason: useId(), error: useId() };
  const reason = lockedReason ?? throughRefusal;
  return (
    <fieldset
      className="grid gap-2"
      aria-labelledby={ids.legend}
      aria-describedby={[reason && ids.reason, error && ids.error].filter(Boolean).join(" ") || undefined}
      data-testid="job-pay-mode"
    >
      <legend id={ids.legend} className="mb-2 text-sm font-medium">
        {m.job_form_pay_mode()}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {PAY_MODES.map((mode) => {
          const disabled = lockedReason !== null || (mode === "through_daywork" && throughRefusal !== null);
          const { label, hint } = OPTION_TEXT[mode];
          return (
            <label
              key={mode}
              className={cn(
                "flex items-start gap-3 rounded-lg border p-3 text-sm transition-colors",
                value === mode && "border-primary bg-primary/5",
                disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer hover:bg-accent",
              )}
            >
              <input
                type="radio"
                name="payMode"
                value={mode}
                checked={value === mode}
                disabled={disabled}
                onChange={() => onChange(mode)}
                className="mt-0.5 size-4 shrink-0 accent-primary"
                data-testid={`job-pay-mode-${mode}`}
              />
              <span>
                <span className="block font-medium">{label()}</span>
                <span className="block text-muted-foreground">{hint()}</span>
              </span>
            </label>
          );
        })}
      </div>
      {reason && (
        <p id={ids.reason} className="text-sm text-muted-foreground" data-testid="job-pay-mode-reason">
          {reason}
        </p>
      )}
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

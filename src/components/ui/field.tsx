import { Slot } from "radix-ui";
import { useId, type ReactElement, type ReactNode } from "react";

import { cn } from "../../lib/cn.ts";
import { Label } from "./label.tsx";

/** Props a control needs to be wired to its label, description and error. */
export type FieldControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
};

/** What a button-like picker (date, city) takes from a Field, or on its own in a filter bar. */
export type PickerControlProps = Partial<FieldControlProps> & {
  "aria-label"?: string;
  "data-testid"?: string;
  className?: string;
};

export type FieldProps = {
  label: ReactNode;
  /**
   * The control. A single element receives `id`/`aria-*` automatically (don't set its `id`;
   * pass `id` to Field instead). For composites such as Select, use a function and spread the
   * props onto the focusable part: `{(p) => <Select><SelectTrigger {...p}>…`.
   */
  children: ReactElement | ((control: FieldControlProps) => ReactNode);
  description?: ReactNode;
  /** Already-translated message; when set the control is marked `aria-invalid`. */
  error?: string;
  id?: string;
  /** Shows a decorative asterisk and sets `aria-required` on the control. */
  required?: boolean;
  /** Control before the label on one row (checkboxes, switches). */
  inline?: boolean;
  /** The label is for screen readers only (a control whose value or heading already says what it is). */
  labelHidden?: boolean;
  className?: string;
};

export function Field({
  label,
  children,
  description,
  error,
  id,
  required,
  inline = false,
  labelHidden = false,
  className,
}: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  const controlProps: FieldControlProps = {
    id: controlId,
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
    "aria-required": required ? true : undefined,
  };
  const control = typeof children === "function" ? children(controlProps) : <Slot.Root {...controlProps}>{children}</Slot.Root>;
  const labelEl = (
    <Label htmlFor={controlId} className={cn(inline && "font-normal", labelHidden && "sr-only")}>
      {label}
      {required && (
        <span aria-hidden className="text-destructive">
          *
        </span>
      )}
    </Label>
  );

  return (
    <div data-slot="field" data-invalid={error ? true : undefined} className={cn("grid gap-2", className)}>
      {inline ? (
        <div className="flex items-center gap-3">
          {control}
          {labelEl}
        </div>
      ) : (
        <>
          {labelEl}
          {control}
        </>
      )}
      {description && (
        <p id={descriptionId} className={cn("text-sm text-muted-foreground", inline && "ps-8")}>
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className={cn("text-sm font-medium text-destructive", inline && "ps-8")}>
          {error}
        </p>
      )}
    </div>
  );
}

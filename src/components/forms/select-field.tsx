import type { ReactNode, Ref } from "react";

import { Field, type FieldControlProps } from "../ui/field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select.tsx";

export type SelectOption<T extends string> = { value: T; label: string };

// Radix Select cannot hold an empty value, so "any" has its own item value.
const ANY = "any";

export type SelectFieldProps<T extends string> = {
  label: string;
  /** The label is read by screen readers only (a filter bar, whose selects show their value). */
  labelHidden?: boolean;
  description?: ReactNode;
  /** Already translated. */
  error?: string;
  required?: boolean;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  onBlur?: () => void;
  /** The trigger, so a form can focus it (react-hook-form's `field.ref`). */
  ref?: Ref<HTMLButtonElement>;
  disabled?: boolean;
  options: readonly SelectOption<T>[];
  placeholder?: string;
  /** An item for "no choice" at the top of the list; choosing it answers undefined. */
  anyLabel?: string;
  /** On the trigger; each item gets `${testId}-${value}`. */
  testId: string;
};

/** A labelled choice from a list: label, select and error, as one field. */
export function SelectField<T extends string>({
  label,
  labelHidden,
  description,
  error,
  required,
  ...select
}: SelectFieldProps<T>) {
  return (
    <Field label={label} labelHidden={labelHidden} description={description} error={error} required={required}>
      {(control) => <SelectControl {...select} control={control} />}
    </Field>
  );
}

type SelectControlProps<T extends string> = Pick<
  SelectFieldProps<T>,
  "value" | "onChange" | "onBlur" | "ref" | "disabled" | "options" | "placeholder" | "anyLabel" | "testId"
> & { control: FieldControlProps };

function SelectControl<T extends string>(props: SelectControlProps<T>) {
  const { value, onChange, onBlur, ref, disabled, options, placeholder, anyLabel, testId, control } = props;
  return (
    <Select
      value={value ?? (anyLabel ? ANY : undefined)}
      onValueChange={(v) => onChange(options.find((o) => o.value === v)?.value)}
      disabled={disabled}
    >
      <SelectTrigger {...control} ref={ref} onBlur={onBlur} data-testid={testId}>
        {/* The chosen label named here, not copied from the list's item once the list has mounted: a page
            rendered on the server shows it too (decision 052). */}
        <SelectValue placeholder={placeholder}>{options.find((o) => o.value === value)?.label ?? anyLabel}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {anyLabel && <SelectItem value={ANY}>{anyLabel}</SelectItem>}
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value} data-testid={`${testId}-${o.value}`}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

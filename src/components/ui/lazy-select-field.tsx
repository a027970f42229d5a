import { ChevronDownIcon } from "lucide-react";
import { lazy, type ReactNode } from "react";

import type { SelectFieldProps } from "../forms/select-field.tsx";
import { Field } from "./field.tsx";
import { LazyOnUse } from "./lazy-on-use.tsx";
import { selectTriggerClasses } from "./select-trigger-classes.ts";

const loadSelectField = () => import("../forms/select-field.tsx");
// lazy() drops the type parameter; the component is SelectField itself.
const SelectField = lazy(() => loadSelectField().then((module) => ({ default: module.SelectField }))) as unknown as <
  T extends string,
>(
  props: SelectFieldProps<T>,
) => ReactNode;

/**
 * A SelectField whose Radix select is fetched when it is first used (the home page's filter bar):
 * until then a look-alike trigger with the same label, value and test id stands in.
 */
export function LazySelectField<T extends string>(props: SelectFieldProps<T>) {
  const { label, labelHidden, description, error, required, value, options, placeholder, anyLabel, disabled, testId } = props;
  const chosen = options.find((o) => o.value === value)?.label;
  const shown = chosen ?? anyLabel;
  return (
    <LazyOnUse
      load={loadSelectField}
      trigger={`[data-testid="${testId}"]`}
      standIn={(trigger) => (
        <Field label={label} labelHidden={labelHidden} description={description} error={error} required={required}>
          {(control) => (
            <button
              type="button"
              role="combobox"
              aria-expanded={false}
              aria-autocomplete="none"
              {...control}
              disabled={disabled}
              data-state="closed"
              data-placeholder={shown === undefined ? "" : undefined}
              data-slot="select-trigger"
              data-size="default"
              data-testid={testId}
              className={selectTriggerClasses}
              {...trigger}
            >
              <span data-slot="select-value" style={{ pointerEvents: "none" }}>
                {shown ?? placeholder}
              </span>
              <ChevronDownIcon aria-hidden className="opacity-60" />
            </button>
          )}
        </Field>
      )}
    >
      <SelectField {...props} />
    </LazyOnUse>
  );
}

import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

import { fieldErrors } from "./errors.ts";

/**
 * Marks beside its input each field the server refused (the toast already says what went wrong).
 * `names` are the form's fields: a refusal of anything else is only in the toast.
 */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  names: readonly Path<T>[],
) {
  for (const [name, key] of Object.entries(fieldErrors(error))) {
    const field = names.find((n) => n === name);
    if (field) setError(field, { type: "server", message: key });
  }
}

import { lazy, Suspense } from "react";

import type { ConfirmDialogProps } from "./confirm-dialog.tsx";

/** Fetches the dialog's code (Radix's alert dialog): call when a button that opens one is pointed at or focused. */
export const loadConfirmDialog = () => import("./confirm-dialog.tsx");

const ConfirmDialog = lazy(() => loadConfirmDialog().then((module) => ({ default: module.ConfirmDialog })));

/**
 * A ConfirmDialog fetched on first use, so a page that only may ask (a job's status buttons, Reject)
 * does not load it with its first screen. Mount it once it is first opened and keep it mounted (its
 * closing animation and focus return then run); pass `returnFocusTo` for the button that opened it.
 */
export function LazyConfirmDialog(props: Omit<ConfirmDialogProps, "trigger">) {
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}

import { useSyncExternalStore } from "react";

import { m } from "../paraglide/messages.js";
import { errorMessage } from "./errors.ts";

// Sonner is fetched with the first toast, and its Toaster mounts then (routes/__root.tsx): no page needs
// it to render. Sonner shows a toast made before its Toaster subscribed once it does.
let toasterWanted = false;
const toasterListeners = new Set<() => void>();
const sonner = () => {
  if (!toasterWanted) {
    toasterWanted = true;
    toasterListeners.forEach((listener) => listener());
  }
  return import("sonner");
};

/** True once a toast has been asked for: the root mounts the Toaster from then on. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      toasterListeners.add(listener);
      return () => toasterListeners.delete(listener);
    },
    () => toasterWanted,
    () => false,
  );
}

/** A destructive toast: a title and what went wrong, in the reader's language. */
export function toastFailure(title: string, description: string) {
  void sonner().then(({ toast }) => toast.error(title, { description, duration: 5000 }));
}

/** The destructive 'Error' toast (docs/product.md, Messages and errors), with what went wrong in the reader's language. */
export function toastError(error: unknown, description?: string) {
  toastFailure(m.toast_error_title(), description ?? errorMessage(error));
}

/** A success toast with an optional second line. */
export function toastSuccess(title: string, description?: string) {
  void sonner().then(({ toast }) => toast.success(title, { description, duration: 5000 }));
}

/** A success toast with an Undo button: something the person may still take back (a rejection, for a while). */
export function toastUndoable(title: string, description: string, undo: { label: string; onUndo: () => void }) {
  void sonner().then(({ toast }) =>
    toast.success(title, { description, duration: 10_000, action: { label: undo.label, onClick: undo.onUndo } }),
  );
}

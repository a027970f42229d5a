import { m } from "../paraglide/messages.js";
import { errorMessage } from "./errors.ts";

// Sonner is fetched with the first toast (its Toaster mounts lazily too): no page needs it to render.
const sonner = () => import("sonner");

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

import { toast } from "sonner";

import { m } from "../paraglide/messages.js";
import { errorMessage } from "./errors.ts";

/** The destructive 'Error' toast (docs/product.md, Messages and errors), with what went wrong in the reader's language. */
export function toastError(error: unknown, description?: string) {
  toast.error(m.toast_error_title(), { description: description ?? errorMessage(error), duration: 5000 });
}

/** A success toast with an optional second line. */
export function toastSuccess(title: string, description?: string) {
  toast.success(title, { description, duration: 5000 });
}

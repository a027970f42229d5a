import type { ReactNode, RefObject } from "react";

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../ui/alert-dialog.tsx";
import { PendingButton } from "./pending-button.tsx";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog; omit when something else opens it (a row's delete button). */
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  /** More to read before deciding (what goes with the account…), between the description and the buttons. */
  children?: ReactNode;
  /** The two buttons, and the confirm button's label while the action runs ("Deleting…"). */
  labels: { cancel: string; confirm: string; pending?: string };
  /** The action runs: the dialog stays open, with a spinner, until the caller closes it. */
  pending: boolean;
  onConfirm: () => void;
  testIds?: { dialog?: string; cancel?: string; confirm?: string };
  /** The confirm button's look: destructive (default) for what removes or ends something. */
  confirmVariant?: "default" | "destructive";
  /** Where focus goes back when the dialog closes, when it has no `trigger` (a lazily loaded dialog). */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/** Asks before something that cannot be undone, or not for long (moving a job along, rejecting, deleting). */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  labels,
  pending,
  onConfirm,
  testIds = {},
  confirmVariant = "destructive",
  returnFocusTo,
}: ConfirmDialogProps) {
  const onCloseAutoFocus = returnFocusTo
    ? (event: Event) => {
        event.preventDefault();
        // The button that opened it may be gone (the action changed the page): focus then stays put.
        if (returnFocusTo.current?.isConnected) returnFocusTo.current.focus();
      }
    : undefined;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent data-testid={testIds.dialog} onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending} data-testid={testIds.cancel}>
            {labels.cancel}
          </AlertDialogCancel>
          <PendingButton variant={confirmVariant} size="wrap" pending={pending} onClick={onConfirm} data-testid={testIds.confirm}>
            {pending && labels.pending ? labels.pending : labels.confirm}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

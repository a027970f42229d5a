import type { ReactNode } from "react";

import { Button } from "../ui/button.tsx";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog.tsx";
import { PendingButton } from "./pending-button.tsx";

export type DialogFormProps = {
  title: string;
  description: string;
  onSubmit: () => void;
  onCancel: () => void;
  cancel: { label: string; testId?: string };
  submit: { label: string; pending: boolean; disabled?: boolean; testId: string };
  children: ReactNode;
};

/** The form a dialog holds: its heading, its fields, then Cancel and the submit button. */
export function DialogForm({ title, description, onSubmit, onCancel, cancel, submit, children }: DialogFormProps) {
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {/* Clear of the corner close button (the dialog pads only headers that are its direct children). */}
      <DialogHeader className="pe-8">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} data-testid={cancel.testId}>
          {cancel.label}
        </Button>
        <PendingButton type="submit" pending={submit.pending} disabled={submit.disabled} data-testid={submit.testId}>
          {submit.label}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}

import type { ReactNode } from "react";

import { Button, type ButtonProps } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";

export type PendingButtonProps = ButtonProps & {
  /** The button's action is under way: it is disabled and shows a spinner (in place of `icon`). */
  pending: boolean;
  icon?: ReactNode;
};

/** A button that starts something that takes a moment (saving, sending, deleting). */
export function PendingButton({ pending, icon, disabled, children, ...props }: PendingButtonProps) {
  return (
    <Button disabled={pending || disabled} {...props}>
      {pending ? <Spinner /> : icon}
      {children}
    </Button>
  );
}

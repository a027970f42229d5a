import { XIcon } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";

import { Button } from "../ui/button.tsx";

/**
 * The phone's filter sheet: a dialog rising from the bottom of the screen with the filter fields
 * (JobFiltersBar passes them in). Each choice applies at once, as on wider screens; the button at the
 * bottom closes it onto the updated list. Loaded only when first opened.
 */
export default function JobFiltersSheet({
  open,
  onOpenChange,
  title,
  doneLabel,
  closeLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The button that closes the sheet onto the list ("Show jobs"). */
  doneLabel: string;
  /** The corner close button's accessible name. */
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="filters-sheet"
          className="fixed inset-x-0 bottom-0 z-50 grid max-h-[90dvh] gap-4 overflow-y-auto rounded-t-2xl border-t bg-card p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] text-card-foreground shadow-lg outline-hidden data-[state=open]:animate-pop-in data-[state=closed]:animate-pop-out"
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button type="button" variant="ghost" size="icon" aria-label={closeLabel}>
                <XIcon aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <div className="grid gap-2">{children}</div>
          <Dialog.Close asChild>
            <Button type="button" size="lg" data-testid="filters-done">
              {doneLabel}
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

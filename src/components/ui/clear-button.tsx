import { X } from "lucide-react";

import { Button } from "./button.tsx";

/** The small ✕ beside a picker that takes its choice back; `label` is what screen readers say. */
export function ClearButton({ label, onClear, testId }: { label: string; onClear: () => void; testId?: string }) {
  return (
    <Button type="button" variant="ghost" size="icon" aria-label={label} title={label} onClick={onClear} data-testid={testId}>
      <X aria-hidden />
    </Button>
  );
}

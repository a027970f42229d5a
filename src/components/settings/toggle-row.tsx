import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

import { Label } from "../ui/label.tsx";
import { Switch } from "../ui/switch.tsx";

export type ToggleRowProps = {
  /** The switch's id and test id; the hint is `${id}-hint`. */
  id: string;
  icon: LucideIcon;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
  /** More about the setting under its hint (a status line); the switch is described by it too, as `${id}-details`. */
  details?: ReactNode;
};

/** One setting that is on or off: its icon, its name and what it does, and the switch. */
export function ToggleRow({ id, icon: Icon, label, hint, checked, onChange, disabled, details }: ToggleRowProps) {
  return (
    <div className="flex items-center gap-3 py-3">
      <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
        {details}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        disabled={disabled}
        aria-describedby={details ? `${id}-hint ${id}-details` : `${id}-hint`}
        data-testid={id}
      />
    </div>
  );
}

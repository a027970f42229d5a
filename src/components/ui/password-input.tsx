import { Eye, EyeOff } from "lucide-react";
import { useState, type ComponentProps } from "react";

import { cn } from "../../lib/cn.ts";
import { m } from "../../paraglide/messages.js";
import { IconButton } from "./button.tsx";
import { Input } from "./input.tsx";

/**
 * A password input with a Show password button at its end: a toggle (`aria-pressed`) whose name stays
 * the same, so a screen reader says "Show password, pressed" while the text is shown.
 */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  const [shown, setShown] = useState(false);
  const Icon = shown ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input type={shown ? "text" : "password"} className={cn("pe-11", className)} {...props} />
      <IconButton
        type="button"
        label={m.auth_show_password()}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
        className="absolute end-0.5 top-1/2 size-9 -translate-y-1/2"
        data-testid="password-toggle"
      >
        <Icon aria-hidden />
      </IconButton>
    </div>
  );
}

import { Progress as ProgressPrimitive } from "radix-ui";
import type { ComponentProps } from "react";

import { cn } from "../../lib/cn.ts";

/**
 * Pass `value` (0–`max`, default max 100); `null`/omitted shows an indeterminate pulse.
 * Give it an accessible name with `aria-label` or `aria-labelledby`.
 */
export function Progress({ className, value, max = 100, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = value == null ? null : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      max={max}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-muted", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        // Width (not translateX) so the bar fills from the inline start in both LTR and RTL.
        className={cn(
          "h-full rounded-full bg-primary transition-[width] duration-300",
          percent === null && "w-1/3 animate-pulse",
        )}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}

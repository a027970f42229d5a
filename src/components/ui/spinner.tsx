import { LoaderCircleIcon } from "lucide-react";

import { cn } from "../../lib/cn.ts";

export type SpinnerProps = {
  className?: string;
  /** Announced to screen readers as a status; omit when surrounding text already says it is loading. */
  label?: string;
};

/** Inherits the text colour; size it with `size-*` (default 16px). */
export function Spinner({ className, label }: SpinnerProps) {
  const icon = <LoaderCircleIcon aria-hidden className={cn("size-4 animate-spin", className)} />;
  if (!label) return icon;
  return (
    <span role="status" data-slot="spinner" className="inline-flex">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

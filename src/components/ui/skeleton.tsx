import type { ComponentProps } from "react";

import { cn } from "../../lib/cn.ts";

/** Loading placeholder; size it with utilities (`h-4 w-32`). Hidden from assistive tech, so announce loading elsewhere. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="skeleton" aria-hidden className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}

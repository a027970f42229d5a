import type { ReactNode } from "react";

import { cn } from "../../lib/cn.ts";

/**
 * One line of user-written text (a name, a job title, a message preview) cut with an ellipsis at the
 * text's own end. It takes its direction from its content, so a Russian title in the Arabic interface
 * loses its last words rather than its first, while the line itself still sits at the layout's start.
 */
export function TruncatedText({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <span dir="auto" className={cn("inline-block max-w-full truncate align-top", className)} data-testid={testId}>
      {children}
    </span>
  );
}

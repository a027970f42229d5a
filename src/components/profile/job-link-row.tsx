import { Link } from "@tanstack/react-router";
import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A job in a profile card: its title, a detail line under it, opening /jobs/{id}; without an id (a job
 * of an employer who hid their profile, docs/decisions/059) a row that opens nothing.
 */
export function JobLinkRow({
  jobId,
  title,
  testId,
  children,
}: {
  jobId: string | null;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const text = (
    <span className="grid min-w-0 flex-1 gap-1">
      <span dir="auto" className="line-clamp-2 font-medium">
        {title}
      </span>
      {children}
    </span>
  );
  if (jobId === null)
    return (
      <li className="flex items-center gap-3 px-2 py-2.5" data-testid={testId}>
        {text}
      </li>
    );
  return (
    <li>
      <Link
        to="/jobs/$jobId"
        params={{ jobId }}
        className="flex items-center gap-3 rounded-md px-2 py-2.5 hover:bg-accent"
        data-testid={testId}
      >
        {text}
        <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground rtl:rotate-180" />
      </Link>
    </li>
  );
}

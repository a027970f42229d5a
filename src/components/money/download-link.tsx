import { Download } from "lucide-react";

import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "../ui/button.tsx";

/** A link that downloads a statement file (the server names it: Content-Disposition), looking like a small button. */
export function DownloadLink({
  href,
  label,
  testId,
  className,
}: {
  href: string;
  label: string;
  testId: string;
  className?: string;
}) {
  return (
    <a href={href} download data-testid={testId} className={cn(buttonVariants({ variant: "outline", size: "sm" }), className)}>
      <Download aria-hidden className="size-4" />
      {label}
    </a>
  );
}

import { createLink } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import type { ComponentProps } from "react";

import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "../ui/button.tsx";

function BackAnchor({ className, children, ...props }: ComponentProps<"a">) {
  return (
    <a className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "-ms-2 self-start", className)} {...props}>
      <ArrowLeft aria-hidden className="rtl:rotate-180" />
      {children}
    </a>
  );
}

/** "← Back to …" at the top of a page, typed like any router Link; the arrow points back in the reading direction. */
export const BackLink = createLink(BackAnchor);

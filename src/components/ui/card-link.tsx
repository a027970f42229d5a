import { createLink } from "@tanstack/react-router";
import type { ComponentProps } from "react";

import { cn } from "../../lib/cn.ts";

function StretchedAnchor({ className, ...props }: ComponentProps<"a">) {
  return <a dir="auto" className={cn("outline-hidden after:absolute after:inset-0 after:rounded-xl", className)} {...props} />;
}

/**
 * The title link of a card that opens a page as a whole: stretched over the card (which must be
 * `relative`), while buttons in the card stay on top of it (`relative z-10`).
 */
export const CardLink = createLink(StretchedAnchor);

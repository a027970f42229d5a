import { createLink } from "@tanstack/react-router";
import type { VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";

import { cn } from "../../lib/cn.ts";
import { buttonVariants } from "./button.tsx";

function ButtonAnchor({ className, variant, size, ...props }: ComponentProps<"a"> & VariantProps<typeof buttonVariants>) {
  return <a data-slot="button" className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

/** A router link that looks like a button: typed `to` and `params` like Link, `variant` and `size` like Button. */
export const LinkButton = createLink(ButtonAnchor);

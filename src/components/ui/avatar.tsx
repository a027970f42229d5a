import { cva } from "class-variance-authority";
import type { ComponentProps } from "react";

import { cn } from "../../lib/cn.ts";

const avatarVariants = cva(
  "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary font-semibold text-secondary-foreground uppercase select-none",
  {
    variants: {
      size: {
        sm: "size-8 text-xs",
        md: "size-10 text-sm",
        lg: "size-16 text-xl",
      },
    },
    defaultVariants: { size: "md" },
  },
);

export type AvatarProps = Omit<ComponentProps<"span">, "children"> & {
  /** One or two letters; the caller derives them from the user's name. */
  initials: string;
  size?: "sm" | "md" | "lg";
  /** Accessible name (e.g. the full name). Without it the avatar is decorative and hidden from screen readers. */
  label?: string;
};

export function Avatar({ initials, size = "md", label, className, ...props }: AvatarProps) {
  return (
    <span
      data-slot="avatar"
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      className={cn(avatarVariants({ size }), className)}
      {...props}
    >
      {initials}
    </span>
  );
}

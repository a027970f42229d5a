import { Slot } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";

import { cn } from "../../lib/cn.ts";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="card"
      className={cn("flex flex-col gap-4 rounded-xl border bg-card py-5 text-card-foreground shadow-xs", className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-header" className={cn("flex flex-col gap-1.5 px-4 sm:px-6", className)} {...props} />;
}

/** Renders a `div`; pass `asChild` with a heading element (`<h2>`…) to fit the page's outline. */
export function CardTitle({ className, asChild = false, ...props }: ComponentProps<"div"> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "div";
  return <Comp data-slot="card-title" className={cn("text-lg leading-tight font-semibold", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-description" className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn("px-4 sm:px-6", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-footer" className={cn("flex items-center gap-2 px-4 sm:px-6", className)} {...props} />;
}

/** A card's title as the page outline's `h2`, with an optional icon before its text. */
export function CardHeading({ icon, className, children }: { icon?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <CardTitle asChild className={cn(icon !== undefined && "flex items-center gap-2", className)}>
      <h2>
        {icon}
        {children}
      </h2>
    </CardTitle>
  );
}

export type SectionCardProps = Omit<ComponentProps<"div">, "title"> & {
  title: ReactNode;
  icon?: ReactNode;
  description?: ReactNode;
  /** Irreversible actions (the danger zone): a red heading and border. */
  danger?: boolean;
  contentClassName?: string;
};

/** A card that is one section of a page: its heading, what it is for, and its content. */
export function SectionCard({
  title,
  icon,
  description,
  danger = false,
  className,
  contentClassName,
  children,
  ...props
}: SectionCardProps) {
  return (
    <Card className={cn(danger && "border-destructive/40", className)} {...props}>
      <CardHeader>
        <CardHeading icon={icon} className={danger ? "text-destructive" : undefined}>
          {title}
        </CardHeading>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

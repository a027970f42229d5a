import type { FormEventHandler, ReactNode } from "react";

import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../ui/card.tsx";
import { PendingButton } from "./pending-button.tsx";

export type FormCardProps = {
  title: string;
  /** h1 when the form is the page (post, edit), h2 when it is one section of a page (settings). */
  heading?: "h1" | "h2";
  description?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  submit: { label: string; pendingLabel?: string; pending: boolean; testId: string };
  testId: string;
};

/** A form laid out as a card: its heading, its fields, and its submit button at the end. */
export function FormCard({ title, heading: Heading = "h2", description, onSubmit, children, submit, testId }: FormCardProps) {
  return (
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <Heading className={Heading === "h1" ? "text-2xl" : undefined}>{title}</Heading>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-5">{children}</CardContent>
        <CardFooter className="justify-end">
          {/* The page's own form ends in a large button; a section's button may wrap its label. */}
          <PendingButton
            type="submit"
            size={Heading === "h1" ? "lg" : "wrap"}
            pending={submit.pending}
            data-testid={submit.testId}
          >
            {submit.pending && submit.pendingLabel ? submit.pendingLabel : submit.label}
          </PendingButton>
        </CardFooter>
      </Card>
    </form>
  );
}

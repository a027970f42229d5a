import { useLocation } from "@tanstack/react-router";
import { MessageSquare } from "lucide-react";
import { lazy, Suspense, type ComponentProps } from "react";

import { cn } from "../../lib/cn.ts";
import { useMe } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { Button } from "../ui/button.tsx";
import { LinkButton } from "../ui/link-button.tsx";

// The dialog (Radix, the form, its checks) loads only for a signed-in reader: a visitor's button leads
// to sign in, and their job page carries none of it.
const ContactEmployerDialog = lazy(() =>
  import("./contact-employer-dialog.tsx").then((module) => ({ default: module.ContactEmployerDialog })),
);

export type ContactEmployerProps = {
  jobId: string;
  jobTitle: string;
  /** The employer's display name, when the page knows it, for the dialog's description. */
  employerName?: string;
  className?: string;
};

/** The "Message employer" button as the dialog opens it, and as it stands while the dialog's code loads. */
export function ContactButton({ className, ...props }: ComponentProps<typeof Button>) {
  return (
    <Button variant="outline" className={cn("w-full sm:w-auto", className)} data-testid="contact-button" {...props}>
      <MessageSquare aria-hidden className="rtl:-scale-x-100" />
      {m.contact_button()}
    </Button>
  );
}

/**
 * The job page's "Message employer" (docs/product.md, Chat): a visitor is sent to sign in first and
 * back; a signed-in reader gets the dialog (contact-employer-dialog.tsx).
 */
export function ContactEmployer(props: ContactEmployerProps) {
  const me = useMe();
  const location = useLocation();
  if (!me.isPending && !me.data) {
    return (
      <LinkButton
        to="/auth"
        search={{ redirect: location.href }}
        data-testid="contact-button"
        variant="outline"
        className={cn("w-full sm:w-auto", props.className)}
      >
        <MessageSquare aria-hidden className="rtl:-scale-x-100" />
        {m.contact_button()}
      </LinkButton>
    );
  }
  return (
    <Suspense fallback={<ContactButton className={props.className} disabled />}>
      <ContactEmployerDialog {...props} />
    </Suspense>
  );
}

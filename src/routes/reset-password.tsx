import { createFileRoute } from "@tanstack/react-router";
import { CircleCheck, LinkIcon } from "lucide-react";
import { useState } from "react";
import { z } from "zod";

import { ResetPasswordForm } from "../components/account/reset-password-form.tsx";
import { NoticePage } from "../components/layout/notice.tsx";
import { LinkButton } from "../components/ui/link-button.tsx";
import { m } from "../paraglide/messages.js";

const searchSchema = z.object({
  token: z.string().max(1000).optional().catch(undefined),
});

export const Route = createFileRoute("/reset-password")({
  validateSearch: searchSchema,
  component: ResetPasswordPage,
});

type Outcome = "form" | "done" | "link_invalid";

/**
 * Where a reset mail's link leads: a new password twice. Afterwards every session of the person has
 * ended (better-auth's revokeSessionsOnPasswordReset) and they sign in with the new password; an
 * expired, used or broken link says so and offers a new one (docs/decisions/017).
 */
function ResetPasswordPage() {
  const { token } = Route.useSearch();
  const [outcome, setOutcome] = useState<Outcome>(token ? "form" : "link_invalid");

  if (outcome === "done") {
    return (
      <NoticePage
        icon={<CircleCheck aria-hidden className="size-6 text-primary" />}
        title={m.reset_password_done_title()}
        hint={m.reset_password_done()}
        testId="reset-password-done"
      >
        <LinkButton to="/auth" data-testid="reset-password-sign-in">
          {m.nav_sign_in()}
        </LinkButton>
      </NoticePage>
    );
  }
  if (outcome === "link_invalid" || !token) {
    return (
      <NoticePage
        icon={<LinkIcon aria-hidden className="size-6 text-destructive" />}
        title={m.error_reset_link_invalid()}
        testId="reset-password-link-invalid"
      >
        <LinkButton to="/forgot-password" data-testid="reset-password-request-new">
          {m.reset_password_request_new()}
        </LinkButton>
      </NoticePage>
    );
  }
  return (
    <main className="mx-auto w-full max-w-md px-4 py-10">
      <ResetPasswordForm token={token} onDone={() => setOutcome("done")} onLinkInvalid={() => setOutcome("link_invalid")} />
    </main>
  );
}

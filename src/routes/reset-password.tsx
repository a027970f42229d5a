import { createFileRoute } from "@tanstack/react-router";
import { CircleCheck, LinkIcon } from "lucide-react";
import { useState } from "react";

import { ResetPasswordForm } from "../components/account/reset-password-form.tsx";
import { NoticePage } from "../components/layout/notice.tsx";
import { LinkButton } from "../components/ui/link-button.tsx";
import { usePageTitle } from "../lib/page-title.ts";
import { searchParams, text } from "../lib/search-params.ts";
import { m } from "../paraglide/messages.js";

const searchSchema = searchParams({
  token: text(1000),
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
  usePageTitle(
    outcome === "done"
      ? m.reset_password_done_title()
      : outcome === "link_invalid" || !token
        ? m.error_reset_link_invalid()
        : m.reset_password_title(),
  );

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
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
      <ResetPasswordForm token={token} onDone={() => setOutcome("done")} onLinkInvalid={() => setOutcome("link_invalid")} />
    </main>
  );
}

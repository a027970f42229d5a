import { createFileRoute } from "@tanstack/react-router";
import { MailCheck } from "lucide-react";

import { ForgotPasswordForm } from "../components/account/forgot-password-form.tsx";
import { NoticePage } from "../components/layout/notice.tsx";
import { LinkButton } from "../components/ui/link-button.tsx";
import { usePageTitle } from "../lib/page-title.ts";
import { oneOf, searchParams, text } from "../lib/search-params.ts";
import { m } from "../paraglide/messages.js";

const searchSchema = searchParams({
  // The address typed on the sign-in form, carried over so it need not be typed twice.
  email: text(255),
  sent: oneOf([true]),
});

export const Route = createFileRoute("/forgot-password")({
  validateSearch: searchSchema,
  component: ForgotPasswordPage,
});

/** "Forgot password?": asks for the address, then says the same whether or not an account has it. */
function ForgotPasswordPage() {
  const { email, sent } = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle(sent ? m.forgot_password_sent_title() : m.forgot_password_title());
  if (sent) {
    return (
      <NoticePage
        icon={<MailCheck aria-hidden className="size-6" />}
        title={m.forgot_password_sent_title()}
        hint={m.forgot_password_sent()}
        testId="forgot-password-sent"
      >
        <LinkButton to="/auth" variant="outline">
          {m.forgot_password_back()}
        </LinkButton>
      </NoticePage>
    );
  }
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
      <ForgotPasswordForm email={email} onSent={() => void navigate({ search: { sent: true } })} />
    </main>
  );
}

import { createFileRoute } from "@tanstack/react-router";
import { MailCheck } from "lucide-react";
import { z } from "zod";

import { ForgotPasswordForm } from "../components/account/forgot-password-form.tsx";
import { NoticePage } from "../components/layout/notice.tsx";
import { LinkButton } from "../components/ui/link-button.tsx";
import { m } from "../paraglide/messages.js";

const searchSchema = z.object({
  // The address typed on the sign-in form, carried over so it need not be typed twice.
  email: z.string().max(255).optional().catch(undefined),
  sent: z.literal(true).optional().catch(undefined),
});

export const Route = createFileRoute("/forgot-password")({
  validateSearch: searchSchema,
  component: ForgotPasswordPage,
});

/** "Forgot password?": asks for the address, then says the same whether or not an account has it. */
function ForgotPasswordPage() {
  const { email, sent } = Route.useSearch();
  const navigate = Route.useNavigate();
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
    <main className="mx-auto w-full max-w-md px-4 py-10">
      <ForgotPasswordForm email={email} onSent={() => void navigate({ search: { sent: true } })} />
    </main>
  );
}

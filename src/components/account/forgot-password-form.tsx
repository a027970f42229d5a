import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { useForm } from "react-hook-form";

import { passwordResetRequestSchema, type PasswordResetRequestInput } from "../../../domain/auth.ts";
import { authClient } from "../../lib/auth-client.ts";
import { translate } from "../../lib/messages.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { FormCard } from "../forms/form-card.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

/** The address to send a reset link to; the link leads to /reset-password on this site. */
export function ForgotPasswordForm({ email = "", onSent }: { email?: string; onSent: () => void }) {
  const form = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const redirectTo = new URL("/reset-password", window.location.origin).href;
    const { error } = await authClient.requestPasswordReset({ email: values.email, redirectTo });
    if (error) return toastError(error);
    onSent();
  });

  return (
    <div className="grid gap-4">
      <FormCard
        title={m.forgot_password_title()}
        heading="h1"
        description={m.forgot_password_hint()}
        onSubmit={onSubmit}
        submit={{ label: m.forgot_password_submit(), pending: isSubmitting, testId: "forgot-password-submit" }}
        testId="forgot-password-form"
      >
        <Field label={m.auth_email()} error={errors.email?.message && translate(errors.email.message)} required>
          <Input
            type="email"
            autoComplete="email"
            placeholder={m.auth_email_placeholder()}
            data-testid="forgot-password-email"
            {...form.register("email")}
          />
        </Field>
      </FormCard>
      <Link to="/auth" className="text-center text-sm text-primary underline-offset-4 hover:underline">
        {m.forgot_password_back()}
      </Link>
    </div>
  );
}

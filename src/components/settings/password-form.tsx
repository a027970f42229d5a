import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";

import { passwordChangeSchema, type PasswordChangeInput } from "../../../domain/auth.ts";
import { ERR } from "../../../domain/errors.ts";
import { authClient } from "../../lib/auth-client.ts";
import { translate } from "../../lib/messages.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { wsClient } from "../../trpc.ts";
import { FormCard } from "../forms/form-card.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

const EMPTY: PasswordChangeInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * Current, new and confirm. The form checks the match and the length; better-auth checks the current
 * password and ends every other session.
 */
export function PasswordForm() {
  const form = useForm<PasswordChangeInput>({ resolver: zodResolver(passwordChangeSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const err = (message?: string) => (message ? translate(message) : undefined);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    const { error } = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
    if (error) {
      if (error.code === "INVALID_PASSWORD") form.setError("currentPassword", { message: ERR.currentPasswordWrong });
      return toastError(error);
    }
    // The session token was renewed: reopen the subscription socket with the new one.
    await wsClient.close();
    form.reset(EMPTY);
    toastSuccess(m.settings_password_updated(), m.settings_password_updated_description());
  });

  return (
    <FormCard
      title={m.settings_password_title()}
      onSubmit={onSubmit}
      submit={{ label: m.settings_password_submit(), pending: isSubmitting, testId: "password-submit" }}
      testId="password-form"
    >
      <Field label={m.settings_current_password()} error={err(errors.currentPassword?.message)} required>
        <Input
          type="password"
          autoComplete="current-password"
          data-testid="password-current"
          {...form.register("currentPassword")}
        />
      </Field>
      <Field label={m.settings_new_password()} error={err(errors.newPassword?.message)} required>
        <Input type="password" autoComplete="new-password" data-testid="password-new" {...form.register("newPassword")} />
      </Field>
      <Field label={m.settings_confirm_password()} error={err(errors.confirmPassword?.message)} required>
        <Input type="password" autoComplete="new-password" data-testid="password-confirm" {...form.register("confirmPassword")} />
      </Field>
    </FormCard>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";

import { newPasswordSchema, type NewPasswordInput } from "../../../domain/auth.ts";
import { ERR } from "../../../domain/errors.ts";
import { authClient } from "../../lib/auth-client.ts";
import { translate } from "../../lib/messages.ts";
import { resetSessionState } from "../../lib/session.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { FormCard } from "../forms/form-card.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";

const EMPTY: NewPasswordInput = { newPassword: "", confirmPassword: "" };

export type ResetPasswordFormProps = {
  token: string;
  onDone: () => void;
  /** The link is expired, used or broken. */
  onLinkInvalid: () => void;
};

/** The new password twice, with sign-up's limits; the server checks them again and spends the token. */
export function ResetPasswordForm({ token, onDone, onLinkInvalid }: ResetPasswordFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<NewPasswordInput>({ resolver: zodResolver(newPasswordSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const err = (message?: string) => (message ? translate(message) : undefined);

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    const { error } = await authClient.resetPassword({ newPassword, token });
    if (error) {
      if (error.code === ERR.resetLinkInvalid) return onLinkInvalid();
      return toastError(error);
    }
    // Every session of the person has ended, this browser's too if it had one.
    await resetSessionState(queryClient);
    onDone();
  });

  return (
    <FormCard
      title={m.reset_password_title()}
      heading="h1"
      description={m.reset_password_hint()}
      onSubmit={onSubmit}
      submit={{ label: m.reset_password_submit(), pending: isSubmitting, testId: "reset-password-submit" }}
      testId="reset-password-form"
    >
      <Field label={m.settings_new_password()} error={err(errors.newPassword?.message)} required>
        <Input type="password" autoComplete="new-password" data-testid="reset-password-new" {...form.register("newPassword")} />
      </Field>
      <Field label={m.settings_confirm_password()} error={err(errors.confirmPassword?.message)} required>
        <Input
          type="password"
          autoComplete="new-password"
          data-testid="reset-password-confirm"
          {...form.register("confirmPassword")}
        />
      </Field>
    </FormCard>
  );
}

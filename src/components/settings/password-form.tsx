import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ERR } from "../../../domain/errors";
import { type PasswordChangeInput, passwordChangeSchema } from "../../../domain/auth";
import { authClient } from "../../lib/auth-client";
import { translate } from "../../lib/messages";
import { toastError, toastSuccess } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { wsClient } from "../../trpc";
import { Button } from "../ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../ui/card";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Spinner } from "../ui/spinner";

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
    wsClient.close();
    form.reset(EMPTY);
    toastSuccess(m.settings_password_updated(), m.settings_password_updated_description());
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="password-form">
      <Card>
        <CardHeader>
          <CardTitle asChild><h2>{m.settings_password_title()}</h2></CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Field label={m.settings_current_password()} error={err(errors.currentPassword?.message)} required>
            <Input type="password" autoComplete="current-password" data-testid="password-current" {...form.register("currentPassword")} />
          </Field>
          <Field label={m.settings_new_password()} error={err(errors.newPassword?.message)} required>
            <Input type="password" autoComplete="new-password" data-testid="password-new" {...form.register("newPassword")} />
          </Field>
          <Field label={m.settings_confirm_password()} error={err(errors.confirmPassword?.message)} required>
            <Input type="password" autoComplete="new-password" data-testid="password-confirm" {...form.register("confirmPassword")} />
          </Field>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" className="h-auto min-h-10 py-2 whitespace-normal" disabled={isSubmitting} data-testid="password-submit">
            {isSubmitting && <Spinner />}
            {m.settings_password_submit()}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}

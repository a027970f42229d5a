import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useForm } from "react-hook-form";

import { signInSchema, type SignInInput } from "../../../domain/auth.ts";
import { ERR } from "../../../domain/errors.ts";
import { authClient } from "../../lib/auth-client.ts";
import { errorMessage } from "../../lib/errors.ts";
import { translate } from "../../lib/messages.ts";
import { resetSessionState } from "../../lib/session.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { PasswordInput } from "../ui/password-input.tsx";

/**
 * E-mail and password; after sign-in, back to where the person was going, else to their start page. A
 * refusal is told in the toast and beside the field it concerns (the address, or else the password); a
 * wait after too many wrong passwords above the button, as it concerns neither (docs/decisions/058).
 * Opened from the mailed unlock link, the form sends its token, which skips that wait.
 */
export function SignInForm({ redirectTo, unlockToken }: { redirectTo?: string; unlockToken?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;
  const [waitNotice, setWaitNotice] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setWaitNotice(null);
    // The client merges `body` of the fetch options into the request's body.
    const { error } = await authClient.signIn.email(values, unlockToken ? { body: { unlockToken } } : undefined);
    if (error?.code === ERR.signInLocked) {
      setWaitNotice(errorMessage(error));
      return toastError(error);
    }
    if (error) {
      const field = error.code === "INVALID_EMAIL" ? "email" : "password";
      form.setError(field, { type: "server", message: errorMessage(error) }, { shouldFocus: true });
      return toastError(error);
    }
    await resetSessionState(queryClient);
    toastSuccess(m.toast_welcome_back());
    const me = queryClient.getQueryData(trpc.profiles.me.queryKey());
    if (!me?.profile?.onboardingCompletedAt) return navigate({ to: "/onboarding", search: { redirect: redirectTo } });
    // Employers start from their dashboard (their jobs and new applicants), workers from the job list.
    return navigate({ href: redirectTo ?? (me.profile.userType === "employer" ? "/my-jobs" : "/") });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="sign-in-form">
      {unlockToken && (
        <p
          className="rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm"
          role="status"
          data-testid="sign-in-unlock-note"
        >
          {m.auth_unlock_notice()}
        </p>
      )}
      <Field label={m.auth_email()} error={errors.email?.message && translate(errors.email.message)} required>
        <Input type="email" autoComplete="email" placeholder={m.auth_email_placeholder()} {...form.register("email")} />
      </Field>
      <Field label={m.auth_password()} error={errors.password?.message && translate(errors.password.message)} required>
        {(control) => <PasswordInput autoComplete="current-password" {...control} {...form.register("password")} />}
      </Field>
      <Link
        to="/forgot-password"
        search={() => ({ email: form.getValues("email").trim() || undefined })}
        className="-mt-2 justify-self-end text-sm text-primary underline-offset-4 hover:underline"
        data-testid="forgot-password-link"
      >
        {m.auth_forgot_password()}
      </Link>
      {waitNotice && (
        <p
          className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm font-medium text-destructive"
          role="alert"
          data-testid="sign-in-wait"
        >
          {waitNotice}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? m.auth_signing_in() : m.auth_sign_in_submit()}
      </Button>
    </form>
  );
}

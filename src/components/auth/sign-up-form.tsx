import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";

import { signUpSchema } from "../../../domain/auth.ts";
import { MIN_AGE } from "../../../domain/limits.ts";
import { authClient } from "../../lib/auth-client.ts";
import { translate } from "../../lib/messages.ts";
import { resetSessionState } from "../../lib/session.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";
import { Button } from "../ui/button.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { PasswordInput } from "../ui/password-input.tsx";

const CONFIRMATIONS = ["ageConfirmed", "consentDataProcessing", "termsAccepted"] as const;
type Confirmation = (typeof CONFIRMATIONS)[number];

/** The form holds each confirmation as its checkbox's state; the schema accepts only a ticked one. */
type SignUpFields = Omit<z.input<typeof signUpSchema>, Confirmation> & Record<Confirmation, boolean>;
type SignUpValues = z.output<typeof signUpSchema>;
const signUpFormSchema: z.ZodType<SignUpValues, SignUpFields> = signUpSchema;

/**
 * E-mail, password, name and the three required confirmations; submit stays disabled until all are ticked.
 * Where the person was going (`redirectTo`, e.g. the job form) carries on through onboarding and the
 * confirmation mail's link (docs/decisions/053).
 */
export function SignUpForm({ redirectTo }: { redirectTo?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<SignUpFields, unknown, SignUpValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: {
      email: "",
      password: "",
      fullName: "",
      ageConfirmed: false,
      consentDataProcessing: false,
      termsAccepted: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const confirmed = useWatch({ control: form.control, name: CONFIRMATIONS }).every(Boolean);
  const confirmationError = CONFIRMATIONS.map((c) => errors[c]?.message).find(Boolean);

  const onSubmit = form.handleSubmit(async (values) => {
    const { fullName, ...rest } = values;
    // The confirmation mail is written in the interface's language and links back to this site; like the
    // confirmations, `language` is a field of ours that better-auth's types do not list.
    const ours = { ...rest, language: getLocale() };
    const callback = new URL("/verify-email", window.location.origin);
    if (redirectTo) callback.searchParams.set("redirect", redirectTo);
    const callbackURL = callback.href;
    const { error } = await authClient.signUp.email({ ...ours, name: fullName, callbackURL });
    if (error) return toastError(error);
    await resetSessionState(queryClient);
    toastSuccess(m.toast_account_created());
    return navigate({ to: "/onboarding", search: { redirect: redirectTo } });
  });

  const labels = {
    ageConfirmed: m.auth_age_confirm({ minAge: MIN_AGE }),
    consentDataProcessing: m.auth_consent_data(),
    termsAccepted: m.auth_terms_accept(),
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="sign-up-form">
      <Field label={m.auth_full_name()} error={errors.fullName?.message && translate(errors.fullName.message)} required>
        <Input autoComplete="name" {...form.register("fullName")} />
      </Field>
      <Field label={m.auth_email()} error={errors.email?.message && translate(errors.email.message)} required>
        <Input type="email" autoComplete="email" placeholder={m.auth_email_placeholder()} {...form.register("email")} />
      </Field>
      <Field label={m.auth_password()} error={errors.password?.message && translate(errors.password.message)} required>
        {(control) => <PasswordInput autoComplete="new-password" {...control} {...form.register("password")} />}
      </Field>
      <div className="grid gap-3 rounded-md border bg-muted/30 p-3">
        {CONFIRMATIONS.map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <Field label={labels[name]} inline>
                <Checkbox
                  data-testid={`confirm-${name}`}
                  checked={field.value}
                  onCheckedChange={(v) => field.onChange(v === true)}
                />
              </Field>
            )}
          />
        ))}
        <p className="flex flex-wrap gap-x-4 text-sm">
          <Link to="/terms" target="_blank" className="text-primary underline-offset-4 hover:underline">
            {m.auth_read_terms()}
          </Link>
          <Link to="/privacy" target="_blank" className="text-primary underline-offset-4 hover:underline">
            {m.auth_read_privacy()}
          </Link>
        </p>
        {confirmationError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {translate(confirmationError)}
          </p>
        )}
      </div>
      <Button type="submit" disabled={!confirmed || isSubmitting} data-testid="sign-up-submit">
        {isSubmitting ? m.auth_creating_account() : m.auth_sign_up_submit()}
      </Button>
    </form>
  );
}

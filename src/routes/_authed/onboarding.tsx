import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { BriefcaseBusiness, HardHat } from "lucide-react";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";

import {
  completeOnboardingSchema,
  type CompleteOnboardingInput,
  type CompleteOnboardingValues,
} from "../../../domain/profile.ts";
import { USER_TYPES, type UserType } from "../../../domain/user-types.ts";
import { CertificateList } from "../../components/certificates/certificate-list.tsx";
import { CertificateUpload } from "../../components/certificates/certificate-upload.tsx";
import { InterestInput } from "../../components/onboarding/interest-input.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { LinkButton } from "../../components/ui/link-button.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { cn } from "../../lib/cn.ts";
import { translate } from "../../lib/messages.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { returnTo, searchParams } from "../../lib/search-params.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";

export const Route = createFileRoute("/_authed/onboarding")({
  // Where the person was going before onboarding (the job form, for an employer who came to post one).
  validateSearch: searchParams({ redirect: returnTo }),
  // Step 3 lists the certificates a worker has uploaded so far (none, unless they come back to it).
  loader: ({ context }) => void context.queryClient.prefetchQuery(context.trpc.certificates.list.queryOptions()),
  component: OnboardingPage,
});

/** The form until a type is chosen: the schema refuses it unchosen ('Please choose whether you are a worker or an employer'). */
type OnboardingFields = Omit<CompleteOnboardingInput, "userType"> & { userType?: UserType };
type OnboardingValues = CompleteOnboardingValues;
const onboardingFormSchema: z.ZodType<OnboardingValues, OnboardingFields> = completeOnboardingSchema;
const STEP_FIELDS = [
  ["userType", "fullName", "dateOfBirth"],
  ["bio", "location", "phone", "companyName"],
  ["interests"],
] as const;
/** An employer's third step would only say "all set": theirs ends with the contact details (docs/decisions/053). */
const stepsFor = (userType: UserType | undefined) => (userType === "employer" ? 2 : STEP_FIELDS.length);

function OnboardingPage() {
  usePageTitle(m.onboarding_title());
  const { me } = Route.useRouteContext();
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const profile = me.profile;
  const form = useForm<OnboardingFields, unknown, OnboardingValues>({
    resolver: zodResolver(onboardingFormSchema),
    defaultValues: {
      userType: profile?.onboardingCompletedAt ? profile.userType : undefined,
      fullName: profile?.fullName ?? "",
      dateOfBirth: profile?.dateOfBirth ?? "",
      bio: profile?.bio ?? "",
      location: profile?.location ?? "",
      phone: profile?.phone ?? "",
      companyName: profile?.companyName ?? "",
      interests: [],
    },
  });
  const { errors } = form.formState;
  const userType = useWatch({ control: form.control, name: "userType" });
  const fullName = useWatch({ control: form.control, name: "fullName" });
  const total = stepsFor(userType);
  const err = (message?: string) => (message ? translate(message) : undefined);

  const save = useMutation(
    trpc.profiles.completeOnboarding.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.profiles.me.queryKey() });
        toastSuccess(m.toast_profile_created());
        await navigate({ href: redirect ?? "/" });
      },
      onError: (error) => toastError(error),
    }),
  );

  const next = async () => {
    const fields = STEP_FIELDS[step];
    if (fields && (await form.trigger([...fields]))) setStep((s) => s + 1);
  };
  const submit = form.handleSubmit((values) => save.mutate(values));
  const titles = [m.onboarding_step1_title(), m.onboarding_step2_title(), m.onboarding_step3_title()];

  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-8">
      <h1 className="mb-2 text-2xl font-bold">{m.onboarding_title()}</h1>
      <p className="mb-2 text-sm text-muted-foreground" data-testid="onboarding-step">
        {m.onboarding_step({ step: step + 1, total })}
      </p>
      <Progress value={((step + 1) / total) * 100} className="mb-6" />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (step >= total - 1) void submit();
          else void next();
        }}
        noValidate
      >
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{titles[step]}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-5">
            {step === 0 && (
              <>
                <fieldset className="grid gap-2">
                  <legend className="mb-2 text-sm font-medium">{m.onboarding_user_type()}</legend>
                  <div className="grid gap-3 sm:grid-cols-2" role="radiogroup">
                    {USER_TYPES.map((type) => {
                      const Icon = type === "worker" ? HardHat : BriefcaseBusiness;
                      const selected = userType === type;
                      return (
                        <button
                          key={type}
                          type="button"
                          role="radio"
                          aria-checked={selected}
                          data-testid={`user-type-${type}`}
                          onClick={() => form.setValue("userType", type, { shouldValidate: true })}
                          className={cn(
                            "flex items-start gap-3 rounded-lg border p-4 text-start transition-colors",
                            selected ? "border-primary bg-primary/5 ring-2 ring-primary/30" : "hover:bg-accent",
                          )}
                        >
                          <Icon aria-hidden className="mt-0.5 size-5 text-primary" />
                          <span>
                            <span className="block font-medium">
                              {type === "worker" ? m.onboarding_worker() : m.onboarding_employer()}
                            </span>
                            <span className="block text-sm text-muted-foreground">
                              {type === "worker" ? m.onboarding_worker_hint() : m.onboarding_employer_hint()}
                            </span>
                          </span>
                        </button>
                      );
                    })}
                  </div>
                  {errors.userType?.message && (
                    <p role="alert" className="text-sm font-medium text-destructive">
                      {translate(errors.userType.message)}
                    </p>
                  )}
                </fieldset>
                <Field label={m.onboarding_full_name()} error={err(errors.fullName?.message)} required>
                  <Input autoComplete="name" {...form.register("fullName")} />
                </Field>
                <Field label={m.onboarding_date_of_birth()} error={err(errors.dateOfBirth?.message)}>
                  <Input type="date" autoComplete="bday" {...form.register("dateOfBirth")} />
                </Field>
              </>
            )}
            {step === 1 && (
              <>
                <Field label={m.onboarding_bio()} error={err(errors.bio?.message)}>
                  <Textarea rows={4} placeholder={m.onboarding_bio_placeholder()} {...form.register("bio")} />
                </Field>
                <Field label={m.onboarding_location()} error={err(errors.location?.message)}>
                  <Input
                    autoComplete="address-level2"
                    placeholder={m.onboarding_location_placeholder()}
                    {...form.register("location")}
                  />
                </Field>
                <Field label={m.onboarding_phone()} error={err(errors.phone?.message)}>
                  <Input type="tel" autoComplete="tel" dir="ltr" {...form.register("phone")} />
                </Field>
                {userType === "employer" && (
                  <>
                    <Field label={m.onboarding_company_name()} error={err(errors.companyName?.message)}>
                      <Input autoComplete="organization" {...form.register("companyName")} />
                    </Field>
                    <p className="text-muted-foreground">{m.onboarding_employer_done()}</p>
                  </>
                )}
              </>
            )}
            {step === 2 && userType === "worker" && (
              <>
                <Controller
                  control={form.control}
                  name="interests"
                  render={({ field }) => <InterestInput value={field.value ?? []} onChange={field.onChange} />}
                />
                <section className="grid gap-3" aria-labelledby="onboarding-certificates" data-testid="onboarding-certificates">
                  <div className="grid gap-1">
                    <h3 id="onboarding-certificates" className="text-sm font-medium">
                      {m.certificates_title()}
                    </h3>
                    <p className="text-sm text-muted-foreground">{m.certificates_description()}</p>
                  </div>
                  <CertificateUpload />
                  <CertificateList />
                </section>
              </>
            )}
          </CardContent>
          <CardFooter className="justify-between gap-2">
            <Button type="button" variant="outline" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
              {m.onboarding_back()}
            </Button>
            {step < total - 1 ? (
              <Button type="submit" data-testid="onboarding-next" disabled={step === 0 && (!userType || !fullName?.trim())}>
                {m.onboarding_next()}
              </Button>
            ) : (
              <Button type="submit" data-testid="onboarding-complete" disabled={save.isPending}>
                {save.isPending ? m.onboarding_saving() : m.onboarding_complete()}
              </Button>
            )}
          </CardFooter>
        </Card>
      </form>
      {/* Privacy rights do not wait for onboarding (docs/decisions/012). */}
      <div className="mt-4 flex justify-center">
        <LinkButton to="/settings/privacy" variant="link" size="sm" data-testid="onboarding-privacy">
          {m.settings_privacy_link()}
        </LinkButton>
      </div>
    </main>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { DEFAULT_PROFILE_CURRENCY, PROFILE_CURRENCIES, type ProfileCurrency } from "../../../domain/currencies";
import { profileUpdateSchema } from "../../../domain/settings";
import { USER_TYPES } from "../../../domain/user-types";
import type { OwnProfile as Profile } from "./types";
import { fieldErrors } from "../../lib/errors";
import { translate } from "../../lib/messages";
import { toastError, toastSuccess } from "../../lib/toast";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";
import { trpc } from "../../trpc";
import { avatarInitials } from "../profile/initials";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../ui/card";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select";
import { Separator } from "../ui/separator";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";

type Values = z.input<typeof profileUpdateSchema>;

/** "USD · US Dollar" in the reader's language (Intl knows the names). */
function currencyLabel(code: string): string {
  try {
    const name = new Intl.DisplayNames([getLocale()], { type: "currency" }).of(code);
    return name && name !== code ? `${code} · ${name}` : code;
  } catch {
    return code;
  }
}

function isProfileCurrency(code: string): code is ProfileCurrency {
  return (PROFILE_CURRENCIES as readonly string[]).includes(code);
}

/**
 * The settings form's profile section with the same schema the server uses; server field errors land
 * beside their inputs. Company name is only shown (and kept) for employers.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const defaults = (p: Profile): Values => ({
    userType: p.userType,
    fullName: p.fullName,
    dateOfBirth: p.dateOfBirth ?? "",
    bio: p.bio ?? "",
    location: p.location ?? "",
    phone: p.phone ?? "",
    companyName: p.companyName ?? "",
    currency: isProfileCurrency(p.currency) ? p.currency : DEFAULT_PROFILE_CURRENCY,
  });
  const form = useForm<Values>({ resolver: zodResolver(profileUpdateSchema), defaultValues: defaults(profile) });
  const { errors } = form.formState;
  const userType = useWatch({ control: form.control, name: "userType" });
  const fullName = useWatch({ control: form.control, name: "fullName" });
  const err = (message?: string) => (message ? translate(message) : undefined);

  const save = useMutation(
    trpc.profiles.update.mutationOptions({
      onSuccess: async (saved) => {
        form.reset(defaults(saved));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.profiles.me.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.profiles.public.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.jobs.mine.queryKey() }),
        ]);
        toastSuccess(m.profile_updated());
      },
      onError: (error) => {
        for (const [name, key] of Object.entries(fieldErrors(error))) {
          if (name in form.getValues()) form.setError(name as keyof Values, { message: key });
        }
        toastError(error);
      },
    }),
  );

  const submit = form.handleSubmit((values) => save.mutate(profileUpdateSchema.parse(values)));

  return (
    <form onSubmit={submit} noValidate data-testid="settings-profile-form">
      <Card>
        <CardHeader>
          <CardTitle asChild><h2>{m.settings_profile_title()}</h2></CardTitle>
          <CardDescription>{m.settings_profile_description()}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="flex items-center gap-3">
            <Avatar initials={avatarInitials(fullName || profile.fullName)} size="lg" data-testid="settings-avatar" />
            <span dir="auto" className="min-w-0 truncate font-medium">{fullName}</span>
          </div>
          <Controller
            control={form.control}
            name="userType"
            render={({ field }) => (
              <Field label={m.settings_user_type()} description={m.settings_user_type_hint()} error={err(errors.userType?.message)}>
                {(control) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger {...control} data-testid="settings-user-type">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {USER_TYPES.map((type) => (
                        <SelectItem key={type} value={type} data-testid={`settings-user-type-${type}`}>
                          {type === "worker" ? m.profile_type_worker() : m.profile_type_employer()}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </Field>
            )}
          />
          <Field label={m.settings_full_name()} error={err(errors.fullName?.message)} required>
            <Input dir="auto" autoComplete="name" data-testid="settings-full-name" {...form.register("fullName")} />
          </Field>
          <Field label={m.settings_date_of_birth()} error={err(errors.dateOfBirth?.message)}>
            <Input type="date" autoComplete="bday" className="text-start" data-testid="settings-date-of-birth" {...form.register("dateOfBirth")} />
          </Field>
          <Field label={m.settings_bio()} error={err(errors.bio?.message)}>
            <Textarea dir="auto" rows={4} data-testid="settings-bio" {...form.register("bio")} />
          </Field>
          <Field label={m.settings_location()} error={err(errors.location?.message)}>
            <Input dir="auto" autoComplete="address-level2" data-testid="settings-location" {...form.register("location")} />
          </Field>
          <Field label={m.settings_phone()} error={err(errors.phone?.message)}>
            <Input type="tel" autoComplete="tel" dir="ltr" data-testid="settings-phone" {...form.register("phone")} />
          </Field>
          {userType === "employer" && (
            <Field label={m.settings_company_name()} error={err(errors.companyName?.message)}>
              <Input dir="auto" autoComplete="organization" data-testid="settings-company-name" {...form.register("companyName")} />
            </Field>
          )}
          <Separator />
          <section className="grid gap-3" aria-labelledby="currency-heading">
            <div className="grid gap-1">
              <h3 id="currency-heading" className="font-semibold">{m.settings_currency_title()}</h3>
              <p className="text-sm text-muted-foreground">{m.settings_currency_description()}</p>
            </div>
            <Controller
              control={form.control}
              name="currency"
              render={({ field }) => (
                <Field label={<span className="sr-only">{m.settings_currency_title()}</span>} error={err(errors.currency?.message)}>
                  {(control) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger {...control} data-testid="settings-currency">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {PROFILE_CURRENCIES.map((code) => (
                          <SelectItem key={code} value={code} data-testid={`settings-currency-${code}`}>
                            {currencyLabel(code)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </Field>
              )}
            />
          </section>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" className="h-auto min-h-10 py-2 whitespace-normal" disabled={save.isPending} data-testid="settings-profile-save">
            {save.isPending && <Spinner />}
            {save.isPending ? m.settings_saving() : m.settings_save()}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useController, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";

import { DEFAULT_PROFILE_CURRENCY, PROFILE_CURRENCIES, type ProfileCurrency } from "../../../domain/currencies.ts";
import { profileUpdateSchema } from "../../../domain/settings.ts";
import { USER_TYPES, type UserType } from "../../../domain/user-types.ts";
import { currencyName } from "../../lib/currency-names.ts";
import { showServerFieldErrors } from "../../lib/form-errors.ts";
import { translate } from "../../lib/messages.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { trpc } from "../../trpc.ts";
import { FormCard } from "../forms/form-card.tsx";
import { SelectField } from "../forms/select-field.tsx";
import { avatarInitials } from "../profile/initials.ts";
import { Avatar } from "../ui/avatar.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Separator } from "../ui/separator.tsx";
import { Textarea } from "../ui/textarea.tsx";
import type { OwnProfile as Profile } from "./types.ts";

type Values = z.input<typeof profileUpdateSchema>;
type SavedValues = z.output<typeof profileUpdateSchema>;

/** "USD · US Dollar" in the reader's language. */
function currencyLabel(code: string): string {
  const name = currencyName(code);
  return name !== code ? `${code} · ${name}` : code;
}

/** The stored currency if it is one a profile may choose (older rows may hold another). */
function profileCurrency(code: string): ProfileCurrency {
  return PROFILE_CURRENCIES.find((c) => c === code) ?? DEFAULT_PROFILE_CURRENCY;
}

function userTypeLabel(type: UserType): string {
  return type === "worker" ? m.profile_type_worker() : m.profile_type_employer();
}

const FIELDS = ["userType", "fullName", "dateOfBirth", "bio", "location", "phone", "companyName", "currency"] as const;

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
    currency: profileCurrency(p.currency),
  });
  const form = useForm<Values, unknown, SavedValues>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: defaults(profile),
  });
  const { errors } = form.formState;
  const userTypeField = useController({ control: form.control, name: "userType" });
  const userType = userTypeField.field.value;
  const currency = useController({ control: form.control, name: "currency" });
  const fullName = useWatch({ control: form.control, name: "fullName" });
  const err = (message?: string) => (message ? translate(message) : undefined);
  // Each input's value in its markup as well as in react-hook-form's store, which sets it in the browser
  // only: a page rendered on the server shows the reader's values (decision 052).
  const initial = (name: keyof Values) => form.formState.defaultValues?.[name] ?? "";

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
        showServerFieldErrors(form.setError, error, FIELDS);
        toastError(error);
      },
    }),
  );

  const submit = form.handleSubmit((values) => save.mutate(values));

  return (
    <FormCard
      title={m.settings_profile_title()}
      description={m.settings_profile_description()}
      onSubmit={submit}
      submit={{
        label: m.settings_save(),
        pendingLabel: m.settings_saving(),
        pending: save.isPending,
        testId: "settings-profile-save",
      }}
      testId="settings-profile-form"
    >
      <div className="flex items-center gap-3">
        <Avatar initials={avatarInitials(fullName || profile.fullName)} size="lg" data-testid="settings-avatar" />
        <span dir="auto" className="min-w-0 truncate font-medium">
          {fullName}
        </span>
      </div>
      <SelectField
        {...userTypeField.field}
        label={m.settings_user_type()}
        description={m.settings_user_type_hint()}
        options={USER_TYPES.map((type) => ({ value: type, label: userTypeLabel(type) }))}
        error={err(userTypeField.fieldState.error?.message)}
        testId="settings-user-type"
      />
      <Field label={m.settings_full_name()} error={err(errors.fullName?.message)} required>
        <Input
          dir="auto"
          autoComplete="name"
          data-testid="settings-full-name"
          defaultValue={initial("fullName")}
          {...form.register("fullName")}
        />
      </Field>
      <Field label={m.settings_date_of_birth()} error={err(errors.dateOfBirth?.message)}>
        <Input
          type="date"
          autoComplete="bday"
          className="text-start"
          data-testid="settings-date-of-birth"
          defaultValue={initial("dateOfBirth")}
          {...form.register("dateOfBirth")}
        />
      </Field>
      <Field label={m.settings_bio()} error={err(errors.bio?.message)}>
        <Textarea dir="auto" rows={4} data-testid="settings-bio" defaultValue={initial("bio")} {...form.register("bio")} />
      </Field>
      <Field label={m.settings_location()} error={err(errors.location?.message)}>
        <Input
          dir="auto"
          autoComplete="address-level2"
          data-testid="settings-location"
          defaultValue={initial("location")}
          {...form.register("location")}
        />
      </Field>
      <Field label={m.settings_phone()} error={err(errors.phone?.message)}>
        <Input
          type="tel"
          autoComplete="tel"
          dir="ltr"
          data-testid="settings-phone"
          defaultValue={initial("phone")}
          {...form.register("phone")}
        />
      </Field>
      {userType === "employer" && (
        <Field label={m.settings_company_name()} error={err(errors.companyName?.message)}>
          <Input
            dir="auto"
            autoComplete="organization"
            data-testid="settings-company-name"
            defaultValue={initial("companyName")}
            {...form.register("companyName")}
          />
        </Field>
      )}
      <Separator />
      <section className="grid gap-3" aria-labelledby="currency-heading">
        <div className="grid gap-1">
          <h3 id="currency-heading" className="font-semibold">
            {m.settings_currency_title()}
          </h3>
          <p className="text-sm text-muted-foreground">{m.settings_currency_description()}</p>
        </div>
        <SelectField
          {...currency.field}
          label={m.settings_currency_title()}
          labelHidden
          options={PROFILE_CURRENCIES.map((code) => ({ value: code, label: currencyLabel(code) }))}
          error={err(currency.fieldState.error?.message)}
          testId="settings-currency"
        />
      </section>
    </FormCard>
  );
}

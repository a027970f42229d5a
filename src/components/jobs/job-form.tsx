import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useController, useForm, useWatch, type DefaultValues, type FieldErrors, type Path } from "react-hook-form";
import type { z } from "zod";

import { CATEGORIES } from "../../../domain/categories.ts";
import { defaultCurrencyFor } from "../../../domain/countries.ts";
import { currencySymbol, DEFAULT_JOB_CURRENCY, JOB_CURRENCIES, type JobCurrency } from "../../../domain/currencies.ts";
import { ERR } from "../../../domain/errors.ts";
import type { jobCreateSchema } from "../../../domain/jobs.ts";
import { LIMITS } from "../../../domain/limits.ts";
import { throughDayworkRefusal } from "../../../domain/pay-mode.ts";
import { currencyName } from "../../lib/currency-names.ts";
import { showServerFieldErrors } from "../../lib/form-errors.ts";
import { currentLanguage } from "../../lib/locale.ts";
import { translate } from "../../lib/messages.ts";
import { useMe } from "../../lib/session.ts";
import { toastError } from "../../lib/toast.ts";
import { m } from "../../paraglide/messages.js";
import { FormCard } from "../forms/form-card.tsx";
import { SelectField } from "../forms/select-field.tsx";
import { CityPicker } from "../places/city-picker.tsx";
import { Checkbox } from "../ui/checkbox.tsx";
import { Field } from "../ui/field.tsx";
import { Input } from "../ui/input.tsx";
import { Textarea } from "../ui/textarea.tsx";
import { DatePicker } from "./date-picker.tsx";
import { PayModeChoice } from "./pay-mode-choice.tsx";
import { SkillsInput } from "./skills-input.tsx";

type JobCreateInput = z.input<typeof jobCreateSchema>;

/**
 * The job form as its inputs hold it: the domain schemas' input, where numbers are still typed text.
 * The post form also holds the job's language (the poster's interface language), the edit form the
 * job's id; each form's resolver is its domain schema, which reads the rest.
 */
export type JobFormInput = Omit<JobCreateInput, "language"> & { language?: JobCreateInput["language"]; jobId?: string };

/** The browser's IANA time zone: "today" for the start date is the poster's day. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** The fields a person fills in (and a refusal can be shown beside). */
const JOB_FIELDS = [
  "title",
  "description",
  "category",
  "cityId",
  "district",
  "address",
  "startDate",
  "startTime",
  "durationDays",
  "hourlyRate",
  "currency",
  "maxWorkers",
  "skills",
  "payMode",
] as const satisfies readonly Path<JobFormInput>[];

/** True when a field's error is the edit form's 'Please fill in all required fields'. */
function missesRequiredFields(errors: FieldErrors<JobFormInput>): boolean {
  return JOB_FIELDS.some((name) => errors[name]?.message === ERR.requiredFields);
}

/** The three number inputs: typed as text, read by the schema; a step of 1 asks for whole numbers. */
const NUMBER_FIELDS = {
  durationDays: { min: LIMITS.durationDaysMin, max: LIMITS.durationDaysMax, step: 1, testId: "job-duration" },
  hourlyRate: { min: LIMITS.hourlyRateMin, max: LIMITS.hourlyRateMax, step: 0.01, testId: "job-rate" },
  maxWorkers: { min: LIMITS.maxWorkersMin, max: LIMITS.maxWorkersMax, step: 1, testId: "job-workers" },
};

/**
 * Why the job as filled in cannot be paid through Daywork, translated, or null: an employer's account, a
 * stated rate and a currency a provider takes (domain/pay-mode.ts); the server checks the same.
 */
function throughDayworkReason(
  /** The account's type; undefined while it is being read. */
  userType: string | null | undefined,
  rate: JobFormInput["hourlyRate"],
  currency: JobFormInput["currency"],
): string | null {
  if (userType !== undefined && userType !== "employer") return translate(ERR.payModeEmployersOnly);
  const blank = rate === undefined || rate === null || String(rate).trim() === "";
  const key = throughDayworkRefusal({ hourlyRate: blank ? null : Number(rate), currency: currency ?? DEFAULT_JOB_CURRENCY });
  return key === null ? null : translate(key);
}

function currencyLabel(code: JobCurrency): string {
  return `${currencySymbol(code, currentLanguage())} · ${currencyName(code)}`;
}

export type JobFormProps<Out> = {
  /** The domain schema that reads the values (the post, edit or post-again procedure's input). */
  schema: z.ZodType<Out, JobFormInput>;
  /** What the fields start with; a new job leaves the category unchosen. */
  defaultValues: DefaultValues<JobFormInput>;
  /**
   * Sends the values as the schema parsed them. A refusal is toasted and marked beside the fields it
   * names; what was typed stays.
   */
  onSubmit: (values: Out) => Promise<unknown>;
  /** Also toast a missing required field and a refused skill (the edit and post-again pages). */
  toastInvalid?: boolean;
  title: string;
  description?: string;
  /** The earliest day the calendar offers (YYYY-MM-DD). */
  notBefore: string;
  submit: { label: string; pendingLabel: string };
  testId: string;
  /** A worker is hired (the edit form): how the job is paid no longer changes (docs/decisions/078). */
  hired?: boolean;
};

/**
 * The job form of the post, edit and post-again pages: every field, wired to react-hook-form, in a card
 * with its submit button.
 */
export function JobForm<Out>({
  schema,
  defaultValues,
  onSubmit,
  toastInvalid = false,
  title,
  description,
  notBefore,
  submit,
  testId,
  hired = false,
}: JobFormProps<Out>) {
  const form = useForm<JobFormInput, unknown, Out>({ resolver: zodResolver(schema), defaultValues });
  const onValid = async (values: Out) => {
    try {
      await onSubmit(values);
    } catch (error) {
      toastError(error);
      showServerFieldErrors(form.setError, error, JOB_FIELDS);
    }
  };
  const onInvalid = (errors: FieldErrors<JobFormInput>) => {
    if (toastInvalid && missesRequiredFields(errors)) toastError(null, translate(ERR.requiredFields));
  };
  const onSkillRefused = toastInvalid ? (key: string) => toastError(null, translate(key)) : undefined;
  const { errors, isSubmitting } = form.formState;
  const category = useController({ control: form.control, name: "category" });
  const startDate = useController({ control: form.control, name: "startDate" });
  const currency = useController({ control: form.control, name: "currency" });
  const city = useController({ control: form.control, name: "cityId" });
  const skills = useController({ control: form.control, name: "skills" });
  // Choosing days only means something for a job of two days or more (docs/decisions/035).
  const partialDays = useController({ control: form.control, name: "partialDays" });
  const durationDays = useWatch({ control: form.control, name: "durationDays" });
  const payMode = useController({ control: form.control, name: "payMode" });
  const me = useMe();
  const [rate, currencyCode] = useWatch({ control: form.control, name: ["hourlyRate", "currency"] });
  const userType = me.data === undefined ? undefined : (me.data?.profile?.userType ?? null);
  const throughRefusal = throughDayworkReason(userType, rate, currencyCode);
  // A job that can no longer go through Daywork (its rate cleared, another currency) is paid directly.
  const { onChange: setPayMode } = payMode.field;
  useEffect(() => {
    if (!hired && throughRefusal !== null && payMode.field.value === "through_daywork") setPayMode("direct");
  }, [hired, throughRefusal, payMode.field.value, setPayMode]);
  const err = (key?: string) => (key ? translate(key) : undefined);
  const numberInput = (name: keyof typeof NUMBER_FIELDS) => {
    const { testId, ...limits } = NUMBER_FIELDS[name];
    return (
      <Input
        type="number"
        inputMode={limits.step === 1 ? "numeric" : "decimal"}
        {...limits}
        data-testid={testId}
        {...form.register(name)}
      />
    );
  };
  return (
    <FormCard
      title={title}
      heading="h1"
      description={description}
      onSubmit={(e) => void form.handleSubmit(onValid, onInvalid)(e)}
      submit={{ ...submit, pending: isSubmitting, testId: "job-submit" }}
      testId={testId}
    >
      <Field label={m.job_form_title()} error={err(errors.title?.message)} required>
        <Input
          dir="auto"
          maxLength={LIMITS.jobTitleMax}
          placeholder={m.job_form_title_placeholder()}
          data-testid="job-title"
          {...form.register("title")}
        />
      </Field>
      <Field label={m.job_form_description()} error={err(errors.description?.message)} required>
        <Textarea
          dir="auto"
          rows={6}
          maxLength={LIMITS.jobDescriptionMax}
          placeholder={m.job_form_description_placeholder()}
          data-testid="job-description"
          {...form.register("description")}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          {...category.field}
          label={m.job_form_category()}
          required
          placeholder={m.job_form_category_placeholder()}
          options={CATEGORIES.map((c) => ({ value: c, label: translate(`category_${c}`) }))}
          error={err(category.fieldState.error?.message)}
          testId="job-category"
        />
        <Field label={m.job_form_city()} error={err(city.fieldState.error?.message)} required>
          {(control) => (
            <CityPicker
              {...control}
              value={typeof city.field.value === "number" ? city.field.value : undefined}
              onChange={(picked) => {
                city.field.onChange(picked?.id ?? "");
                // The job's country decides the currency until the poster picks one themselves.
                const local = defaultCurrencyFor(picked?.country);
                if (local && !form.getFieldState("currency").isDirty) form.setValue("currency", local);
              }}
              placeholder={m.job_form_city_placeholder()}
              data-testid="job-city"
            />
          )}
        </Field>
        <Field label={m.job_form_district()} description={m.job_form_district_hint()} error={err(errors.district?.message)}>
          <Input dir="auto" maxLength={LIMITS.jobDistrict} data-testid="job-district" {...form.register("district")} />
        </Field>
        <Field label={m.job_form_address()} description={m.job_form_address_hint()} error={err(errors.address?.message)}>
          <Input
            dir="auto"
            maxLength={LIMITS.jobAddress}
            autoComplete="street-address"
            data-testid="job-address"
            {...form.register("address")}
          />
        </Field>
        <Field label={m.job_form_start_date()} error={err(startDate.fieldState.error?.message)} required>
          {(control) => (
            <DatePicker
              {...control}
              value={startDate.field.value || undefined}
              onChange={(v) => startDate.field.onChange(v ?? "")}
              placeholder={m.job_form_pick_date()}
              notBefore={notBefore}
              data-testid="job-start-date"
            />
          )}
        </Field>
        <Field label={m.job_form_start_time()} description={m.job_form_start_time_hint()} error={err(errors.startTime?.message)}>
          <Input type="time" step={60} dir="ltr" data-testid="job-start-time" {...form.register("startTime")} />
        </Field>
        <Field label={m.job_form_duration()} error={err(errors.durationDays?.message)} required>
          {numberInput("durationDays")}
        </Field>
        <SelectField
          {...currency.field}
          label={m.job_form_currency()}
          options={JOB_CURRENCIES.map((c) => ({ value: c, label: currencyLabel(c) }))}
          error={err(currency.fieldState.error?.message)}
          testId="job-currency"
        />
        <Field label={m.job_form_rate()} description={m.job_form_rate_hint()} error={err(errors.hourlyRate?.message)}>
          {numberInput("hourlyRate")}
        </Field>
        <Field label={m.job_form_workers()} error={err(errors.maxWorkers?.message)}>
          {numberInput("maxWorkers")}
        </Field>
      </div>
      {Number(durationDays) >= 2 && (
        <Field label={m.job_form_partial_days()} description={m.job_form_partial_days_hint()} inline>
          <Checkbox
            data-testid="job-partial-days"
            checked={partialDays.field.value === true}
            onCheckedChange={(v) => partialDays.field.onChange(v === true)}
          />
        </Field>
      )}
      <PayModeChoice
        value={payMode.field.value ?? "direct"}
        onChange={payMode.field.onChange}
        throughRefusal={throughRefusal}
        lockedReason={hired ? translate(ERR.payModeLocked) : null}
        error={err(payMode.fieldState.error?.message)}
      />
      <SkillsInput
        value={skills.field.value ?? []}
        onChange={skills.field.onChange}
        error={skills.fieldState.error?.message}
        onRefused={onSkillRefused}
      />
    </FormCard>
  );
}

import { Controller, type FieldError, type FieldErrors, type Resolver, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { CATEGORIES, type Category } from "../../../domain/categories";
import { currencySymbol, JOB_CURRENCIES, type JobCurrency } from "../../../domain/currencies";
import { ERR } from "../../../domain/errors";
import type { LanguageCode } from "../../../domain/languages";
import { LIMITS } from "../../../domain/limits";
import { translate } from "../../lib/messages";
import { currentLanguage } from "../../lib/locale";
import { m } from "../../paraglide/messages.js";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../ui/select";
import { Textarea } from "../ui/textarea";
import { DatePicker } from "./date-picker";
import { SkillsInput } from "./skills-input";

/** The job form as the inputs hold it: numbers are typed text until the schema reads them. */
export type JobFormValues = {
  title: string;
  description: string;
  category: Category | "";
  location: string;
  startDate: string;
  durationDays: string;
  hourlyRate: string;
  currency: JobCurrency;
  maxWorkers: string;
  skills: string[];
  /** The poster's IANA zone: "today" for the start date is their day. */
  timeZone: string;
  /** The language the job is written in (posting only). */
  language?: LanguageCode;
};

/** The browser's IANA time zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * Validates the form with the same domain schema the procedure uses, keeping each field's first
 * message (a message key) for display beside it.
 */
export function jobFormResolver(schema: z.ZodType): Resolver<JobFormValues> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "root");
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<JobFormValues> };
  };
}

/** True when any field's error is the edit form's "fill in all required fields". */
export function missesRequiredFields(errors: FieldErrors<JobFormValues>): boolean {
  return Object.values(errors).some((e) => (e as FieldError | undefined)?.message === ERR.requiredFields);
}

function currencyLabel(code: JobCurrency): string {
  let name: string = code;
  try {
    name = new Intl.DisplayNames([currentLanguage()], { type: "currency" }).of(code) ?? code;
  } catch {
    // Intl without currency names: the ISO code is still understood.
  }
  return `${currencySymbol(code)} · ${name}`;
}

export type JobFormFieldsProps = {
  form: UseFormReturn<JobFormValues>;
  /** The earliest day the calendar offers (YYYY-MM-DD). */
  notBefore?: string;
  onSkillRefused?: (key: string) => void;
};

/** Every field of the post and edit forms, wired to react-hook-form; the page owns submit. */
export function JobFormFields({ form, notBefore, onSkillRefused }: JobFormFieldsProps) {
  const { errors } = form.formState;
  const err = (key?: string) => (key ? translate(key) : undefined);
  return (
    <div className="grid gap-5">
      <Field label={m.job_form_title()} error={err(errors.title?.message)} required>
        <Input dir="auto" maxLength={LIMITS.jobTitleMax} placeholder={m.job_form_title_placeholder()} data-testid="job-title" {...form.register("title")} />
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
        <Controller
          control={form.control}
          name="category"
          render={({ field }) => (
            <Field label={m.job_form_category()} error={err(errors.category?.message)} required>
              {(control) => (
                <Select value={field.value || undefined} onValueChange={field.onChange}>
                  <SelectTrigger {...control} onBlur={field.onBlur} data-testid="job-category">
                    <SelectValue placeholder={m.job_form_category_placeholder()} />
                  </SelectTrigger>
                  <SelectContent>
                    {CATEGORIES.map((c) => (
                      <SelectItem key={c} value={c} data-testid={`job-category-${c}`}>
                        {translate(`category_${c}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
          )}
        />
        <Field label={m.job_form_location()} error={err(errors.location?.message)} required>
          <Input
            dir="auto"
            maxLength={LIMITS.jobLocationMax}
            autoComplete="address-level2"
            placeholder={m.job_form_location_placeholder()}
            data-testid="job-location"
            {...form.register("location")}
          />
        </Field>
        <Controller
          control={form.control}
          name="startDate"
          render={({ field }) => (
            <Field label={m.job_form_start_date()} error={err(errors.startDate?.message)} required>
              {(control) => (
                <DatePicker
                  {...control}
                  value={field.value || undefined}
                  onChange={(v) => field.onChange(v ?? "")}
                  placeholder={m.job_form_pick_date()}
                  notBefore={notBefore}
                  data-testid="job-start-date"
                />
              )}
            </Field>
          )}
        />
        <Field label={m.job_form_duration()} error={err(errors.durationDays?.message)} required>
          <Input
            type="number"
            inputMode="numeric"
            min={LIMITS.durationDaysMin}
            max={LIMITS.durationDaysMax}
            step={1}
            data-testid="job-duration"
            {...form.register("durationDays")}
          />
        </Field>
        <Controller
          control={form.control}
          name="currency"
          render={({ field }) => (
            <Field label={m.job_form_currency()} error={err(errors.currency?.message)}>
              {(control) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...control} onBlur={field.onBlur} data-testid="job-currency">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {JOB_CURRENCIES.map((c) => (
                      <SelectItem key={c} value={c} data-testid={`job-currency-${c}`}>
                        {currencyLabel(c)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
          )}
        />
        <Field label={m.job_form_rate()} description={m.job_form_rate_hint()} error={err(errors.hourlyRate?.message)}>
          <Input
            type="number"
            inputMode="decimal"
            min={LIMITS.hourlyRateMin}
            max={LIMITS.hourlyRateMax}
            step={0.01}
            data-testid="job-rate"
            {...form.register("hourlyRate")}
          />
        </Field>
        <Field label={m.job_form_workers()} error={err(errors.maxWorkers?.message)}>
          <Input
            type="number"
            inputMode="numeric"
            min={LIMITS.maxWorkersMin}
            max={LIMITS.maxWorkersMax}
            step={1}
            data-testid="job-workers"
            {...form.register("maxWorkers")}
          />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="skills"
        render={({ field }) => (
          <SkillsInput value={field.value} onChange={field.onChange} error={errors.skills?.message} onRefused={onSkillRefused} />
        )}
      />
    </div>
  );
}

const FORM_FIELDS = new Set<string>([
  "title",
  "description",
  "category",
  "location",
  "startDate",
  "durationDays",
  "hourlyRate",
  "currency",
  "maxWorkers",
  "skills",
]);

/** Shows the server's per-field refusals beside the fields (the toast already says what went wrong). */
export function showServerFieldErrors(form: UseFormReturn<JobFormValues>, fields: Record<string, string>) {
  for (const [name, key] of Object.entries(fields)) {
    if (FORM_FIELDS.has(name)) form.setError(name as keyof JobFormValues, { type: "server", message: key });
  }
}

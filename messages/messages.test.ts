import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

import { ERR } from "../domain/errors.ts";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from "../domain/languages.ts";

const load = (l: string) => JSON.parse(readFileSync(`messages/${l}.json`, "utf8")) as Record<string, unknown>;
const catalogues = Object.fromEntries(LANGUAGE_CODES.map((l) => [l, load(l)]));
const keysOf = (c: Record<string, unknown>) => Object.keys(c).filter((k) => !k.startsWith("$"));
const en = catalogues.en ?? {};

// Brand names, codes and strings that are the same in every language.
// An hours field's h:mm is a notation, the same in every language.
// The health page's dash for a figure with nothing to measure is a sign, not a word.
const SAME_AS_ENGLISH = new Set([
  "app_name",
  "not_found_code",
  "auth_email_placeholder",
  "shift_hours_placeholder",
  "health_no_value",
  // An operator's entry in a timesheet's history is the brand's name.
  "shift_actor_operator",
]);
// Words that are spelled the same in one language and English.
const SAME_IN_LOCALE = new Set([
  "de:footer_impressum",
  // The operator roles' names are the same words (docs/decisions/071).
  ...["uz", "tk", "de"].map((l) => `${l}:ops_role_moderator`),
  "de:ops_role_admin",
  // "Bank" is the same word (docs/decisions/081).
  ...["uz", "tk", "de"].map((l) => `${l}:payouts_sbp_bank`),
  "fr:chat_participants",
  "fr:chat_message_label",
  "de:currency_name_eur",
  "fr:country_name_kz",
  "fr:country_name_fr",
  "de:country_name_tm",
  ...["uz", "tk", "es", "de", "zh"].map((l) => `${l}:file_size_mb`),
  "de:timesheet_csv_job",
  "de:timesheet_csv_status",
  "es:timesheet_csv_total",
  "fr:timesheet_csv_total",
  "fr:timesheet_csv_date",
  "de:nav_jobs",
  "de:nav_chats",
  "es:nav_chats",
  "fr:nav_notifications",
  ...["uz", "tk", "es", "de", "fr"].map((l) => `${l}:report_reason_spam`),
  "de:reports_subject_job",
  "fr:report_reason_discrimination",
  "zh:health_percent",
  "es:health_hours",
  "fr:health_hours",
  // The money console's words (docs/decisions/080).
  "de:ops_money_person",
  "de:ops_money_job",
  "fr:ops_money_col_date",
]);

describe("message catalogues", () => {
  it.each(LANGUAGE_CODES)("%s has every key of every other language, none empty", (locale) => {
    const all = new Set(LANGUAGE_CODES.flatMap((l) => keysOf(catalogues[l] ?? {})));
    const own = catalogues[locale] ?? {};
    const missing = [...all].filter((k) => own[k] === undefined || own[k] === "");
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGE_CODES.filter((l) => l !== "en"))("%s is translated, not a copy of English", (locale) => {
    const own = catalogues[locale] ?? {};
    const copies = keysOf(en).filter(
      (k) => !SAME_AS_ENGLISH.has(k) && !SAME_IN_LOCALE.has(`${locale}:${k}`) && JSON.stringify(own[k]) === JSON.stringify(en[k]),
    );
    expect(copies).toEqual([]);
  });

  it("compiles the domain's languages, with its default as the base locale", () => {
    const settings = JSON.parse(readFileSync("messages/project.inlang/settings.json", "utf8")) as {
      baseLocale: string;
      locales: string[];
    };
    expect(settings.baseLocale).toBe(DEFAULT_LANGUAGE);
    expect(settings.locales).toEqual([...LANGUAGE_CODES]);
  });

  it("has a message for every error key the domain and server use", () => {
    const missing = Object.values(ERR).filter((k) => typeof en[k] !== "string");
    expect(missing).toEqual([]);
  });
});

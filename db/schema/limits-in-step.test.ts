import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { CATEGORIES } from "../../domain/categories.ts";
import { CERTIFICATE_MAX_BYTES } from "../../domain/certificates.ts";
import { JOB_CURRENCIES, PROFILE_CURRENCIES } from "../../domain/currencies.ts";
import { PERSONAL_INN_LENGTH } from "../../domain/inn.ts";
import { LEDGER_ACCOUNTS, LEDGER_CAUSES, LEDGER_LIMITS, PARTY_KINDS } from "../../domain/ledger.ts";
import { LIMITS } from "../../domain/limits.ts";
import { APPEAL_TEXT_MAX, DECISION_NOTE_MAX } from "../../domain/moderation/decisions.ts";
import { HOLD_DECISIONS, HOLD_RULES, JOB_MODERATION_STATES } from "../../domain/moderation/hold-rules.ts";
import { PAYOUT_LIMITS } from "../../domain/payouts.ts";
import { PROVIDER_EVENT_ID_MAX } from "../../domain/planned-cost.ts";
import { RECONCILIATION_VALUE_MAX } from "../../domain/reconciliation.ts";
import { RELIABILITY_EVENT_KINDS, RELIABILITY_REPLY_MAX, RELIABILITY_ROLES } from "../../domain/reliability.ts";
import { APPLICATION_STATUSES, INVITATION_STATUSES, JOB_STATUSES } from "../../domain/statuses.ts";
import { TIMESHEET_ACTIONS, TIMESHEET_MINUTES_MAX, TIMESHEET_REASON_MAX, TIMESHEET_STATUSES } from "../../domain/timesheets.ts";
import { USER_TYPES } from "../../domain/user-types.ts";
import { queryRows } from "../database.ts";
import { openTestDatabase, type TestDatabase } from "../testing/test-database.ts";

// The database refuses what the schemas refuse: every CHECK with a number in it, as the committed
// migrations built it, states exactly the limits of domain/limits.ts (and the enums list the domain's
// values). Changing a limit without a migration, or a migration without the limit, fails here.
const NUMERIC_CHECKS: Record<string, number[]> = {
  jobs_title_len: [LIMITS.jobTitleMin, LIMITS.jobTitleMax],
  jobs_description_len: [LIMITS.jobDescriptionMin, LIMITS.jobDescriptionMax],
  jobs_district_len: [LIMITS.jobDistrict],
  jobs_address_len: [LIMITS.jobAddress],
  jobs_duration: [LIMITS.durationDaysMin, LIMITS.durationDaysMax],
  jobs_rate: [LIMITS.hourlyRateMin, LIMITS.hourlyRateCeiling],
  jobs_max_workers: [LIMITS.maxWorkersMin, LIMITS.maxWorkersMax],
  jobs_accepted_count: [0],
  job_applications_message_len: [LIMITS.message],
  chat_messages_content_len: [LIMITS.message],
  chat_messages_idempotency_key_len: [LIMITS.messageKey],
  ratings_range: [LIMITS.ratingMin, LIMITS.ratingMax],
  ratings_comment_len: [LIMITS.ratingComment],
  rating_summaries_counts: [0, LIMITS.ratingMax],
  profiles_full_name_len: [1, LIMITS.fullName],
  profiles_bio_len: [LIMITS.bio],
  profiles_location_len: [LIMITS.profileLocation],
  profiles_phone_len: [LIMITS.phone],
  profiles_company_name_len: [LIMITS.companyName],
  profiles_time_zone_len: [LIMITS.timeZone],
  user_interests_len: [1, LIMITS.interest],
  certificates_size: [1, CERTIFICATE_MAX_BYTES],
  chat_messages_image_bytes: [1, LIMITS.chatImageBytes],
  timesheets_minutes: [0, TIMESHEET_MINUTES_MAX],
  timesheets_recorded_minutes: [0, TIMESHEET_MINUTES_MAX],
  timesheet_events_reason_len: [TIMESHEET_REASON_MAX],
  reliability_events_reply_len: [RELIABILITY_REPLY_MAX],
  job_applications_days: [1, LIMITS.durationDaysMax],
  job_invitations_days: [1, LIMITS.durationDaysMax],
  reports_comment_len: [LIMITS.reportComment],
  job_holds_rules: [1],
  moderation_decisions_note_len: [1, DECISION_NOTE_MAX],
  appeals_text_len: [1, APPEAL_TEXT_MAX],
  appeals_answer_len: [DECISION_NOTE_MAX],
  ledger_parties_label_len: [1, LEDGER_LIMITS.partyLabel],
  ledger_transactions_idempotency_key_len: [1, LEDGER_LIMITS.idempotencyKey],
  ledger_transactions_cause_ref_len: [1, LEDGER_LIMITS.causeRef],
  ledger_transactions_memo_len: [LEDGER_LIMITS.memo],
  ledger_transactions_line_count: [LEDGER_LIMITS.linesMin, LEDGER_LIMITS.linesMax],
  ledger_postings_amount: [0],
  payout_methods_destination_len: [1, PAYOUT_LIMITS.destination],
  payout_methods_label_len: [1, PAYOUT_LIMITS.label],
  payout_profiles_inn: [PERSONAL_INN_LENGTH],
  payouts_amount_positive: [0],
  payment_holds_amount: [0],
  payment_holds_captured: [0],
  provider_events_id_len: [1, PROVIDER_EVENT_ID_MAX],
  reconciliation_values_len: [RECONCILIATION_VALUE_MAX, RECONCILIATION_VALUE_MAX],
};

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

async function checks(): Promise<Map<string, string>> {
  const rows = await queryRows<{ name: string; definition: string }>(
    db.db,
    sql`select c.conname as name, pg_get_constraintdef(c.oid) as definition
        from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
        where c.contype = 'c' and n.nspname = 'public'`,
  );
  return new Map(rows.map((r) => [r.name, r.definition]));
}

async function enumValues(type: string): Promise<string[]> {
  const rows = await queryRows<{ value: string }>(
    db.db,
    sql`select e.enumlabel as value from pg_enum e join pg_type t on t.oid = e.enumtypid where t.typname = ${type} order by e.enumsortorder`,
  );
  return rows.map((r) => r.value);
}

describe("database constraints and domain rules", () => {
  it("states the limits of domain/limits.ts in every numeric CHECK", async () => {
    const all = await checks();
    for (const [name, numbers] of Object.entries(NUMERIC_CHECKS)) {
      const definition = all.get(name);
      expect(definition, `${name} exists`).toBeDefined();
      const found = (definition?.match(/\d+(\.\d+)?/g) ?? []).map(Number);
      expect(found, `${name}: ${definition}`).toEqual(numbers);
    }
    // A new CHECK with a number in it needs an entry above.
    const unlisted = [...all].filter(([name, definition]) => /\d/.test(definition) && !(name in NUMERIC_CHECKS));
    expect(unlisted).toEqual([]);
  });

  it("lists the domain's currencies and enum values", async () => {
    const currency = (await checks()).get("profiles_currency") ?? "";
    expect([...currency.matchAll(/'([A-Z]{3})'/g)].map((m) => m[1])).toEqual([...PROFILE_CURRENCIES]);
    expect(await enumValues("job_status")).toEqual([...JOB_STATUSES]);
    expect(await enumValues("application_status")).toEqual([...APPLICATION_STATUSES]);
    expect(await enumValues("job_category")).toEqual([...CATEGORIES]);
    expect(await enumValues("user_type")).toEqual([...USER_TYPES]);
    expect(await enumValues("job_currency")).toEqual([...JOB_CURRENCIES]);
    expect(await enumValues("timesheet_status")).toEqual([...TIMESHEET_STATUSES]);
    expect(await enumValues("timesheet_action")).toEqual([...TIMESHEET_ACTIONS]);
    expect(await enumValues("reliability_event_kind")).toEqual([...RELIABILITY_EVENT_KINDS]);
    expect(await enumValues("reliability_role")).toEqual([...RELIABILITY_ROLES]);
    expect(await enumValues("invitation_status")).toEqual([...INVITATION_STATUSES]);
    expect(await enumValues("job_moderation")).toEqual([...JOB_MODERATION_STATES]);
    expect(await enumValues("hold_decision")).toEqual([...HOLD_DECISIONS]);
    expect(await enumValues("ledger_party_kind")).toEqual([...PARTY_KINDS]);
    expect(await enumValues("ledger_account")).toEqual([...LEDGER_ACCOUNTS]);
    expect(await enumValues("ledger_cause")).toEqual([...LEDGER_CAUSES]);
    const holdRules = (await checks()).get("job_holds_rules") ?? "";
    expect([...holdRules.matchAll(/'([a-z_]+)'/g)].map((m) => m[1])).toEqual([...HOLD_RULES]);
  });
});

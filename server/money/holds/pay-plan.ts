import { sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../../db/database.ts";
import { jobTimeZone } from "../../../domain/jobs.ts";
import { toMinorUnits } from "../../../domain/minor-units.ts";
import { isProviderCurrency, type ProviderCurrency } from "../../../domain/pay-mode.ts";
import type { HoldFailureKind, HoldStatus } from "../../../domain/planned-cost.ts";
import { plannedShare } from "../../../domain/planned-pay.ts";

/** A hired worker's planned pay and the fee on it, and what of it the ledger holds secured now. */
export type PlannedWorker = {
  applicationId: string;
  workerId: string;
  days: number;
  pay: bigint;
  fee: bigint;
  secured: bigint;
};

/** A hold row as the money steps read it. */
export type HoldRow = {
  id: string;
  status: HoldStatus;
  amount: bigint;
  providerHoldId: string | null;
  provider: "yookassa" | "stripe" | null;
  confirmationUrl: string | null;
  failureReason: HoldFailureKind | null;
};

/**
 * A through-Daywork job's pay before the shift (docs/decisions/079): each hired worker's planned pay,
 * what the ledger has secured for each party, and the job's holds, oldest first.
 */
export type PayPlan = {
  jobId: string;
  ownerId: string;
  title: string;
  status: string;
  currency: ProviderCurrency;
  startDate: string;
  durationDays: number;
  timeZone: string;
  workers: PlannedWorker[];
  /** The platform's share secured in the ledger (fees, and a lapsed hold's rest). */
  platformSecured: bigint;
  /** Every party's hold_secured balance on the job (hired or not), by ledger party id. */
  securedParties: { partyId: string; amount: bigint }[];
  /** The card_hold balance of the job: what the ledger holds on the employer's card now. */
  cardHold: bigint;
  holds: HoldRow[];
};

/** The planned cost of the hired workers: their pay and the fee on it. */
export const plannedTotal = (plan: PayPlan): bigint => plan.workers.reduce((sum, w) => sum + w.pay + w.fee, 0n);
/** The planned fees of the hired workers. */
export const plannedFees = (plan: PayPlan): bigint => plan.workers.reduce((sum, w) => sum + w.fee, 0n);
/** What the holds still asked, waiting or held cover (requested, pending_confirmation, authorised). */
export const liveCover = (plan: PayPlan): bigint =>
  plan.holds
    .filter((h) => h.status !== "captured" && h.status !== "canceled" && h.status !== "failed")
    .reduce((s, h) => s + h.amount, 0n);
/** What authorised holds hold on the employer's card at the provider. */
export const authorisedTotal = (plan: PayPlan): bigint =>
  plan.holds.filter((h) => h.status === "authorised").reduce((s, h) => s + h.amount, 0n);

/**
 * The pay plan of a job paid through Daywork with a rate in a provider's currency, read in three
 * statements (job with its hired workers, ledger sums, holds); null for any other job.
 */
export async function readPayPlan(db: Queryable, jobId: string): Promise<PayPlan | null> {
  const [job] = await queryRows<{
    owner_id: string;
    title: string;
    status: string;
    currency: string;
    rate: string | null;
    pay_mode: string;
    start_date: string;
    duration_days: number;
    city_zone: string | null;
    owner_zone: string | null;
  }>(
    db,
    // The rate as Postgres prints it: money never passes through a float (docs/decisions/076).
    sql`select j.employer_id as owner_id, j.title, j.status::text as status, j.currency::text as currency,
               j.hourly_rate::text as rate, j.pay_mode::text as pay_mode, j.start_date::text as start_date,
               j.duration_days, c.time_zone as city_zone, p.time_zone as owner_zone
        from jobs j join profiles p on p.id = j.employer_id left join cities c on c.id = j.city_id
        where j.id = ${jobId}::uuid`,
  );
  if (!job || job.pay_mode !== "through_daywork" || job.rate === null || !isProviderCurrency(job.currency)) return null;
  const currency = job.currency;
  const rate = toMinorUnits(job.rate, currency);
  if (rate === null) return null;

  const [hired, secured, holds] = await Promise.all([
    queryRows<{ id: string; worker_id: string; days: number }>(
      db,
      sql`select a.id, a.worker_id, coalesce(cardinality(a.days), ${job.duration_days})::int as days
          from job_applications a
          where a.job_id = ${jobId}::uuid and a.status = 'accepted'
          order by a.updated_at, a.id`,
    ),
    queryRows<{ party_id: string; user_id: string | null; kind: string; secured: string; card: string }>(
      db,
      // ledger_transactions_job_idx: the job's transactions, then their hold-book postings.
      sql`select pa.id as party_id, pa.user_id, pa.kind::text as kind,
                 coalesce(-sum(p.amount_minor) filter (where p.account = 'hold_secured'), 0)::text as secured,
                 coalesce(sum(p.amount_minor) filter (where p.account = 'card_hold'), 0)::text as card
          from ledger_transactions t
          join ledger_postings p on p.transaction_id = t.id
          join ledger_parties pa on pa.id = p.party_id
          where t.job_id = ${jobId}::uuid and p.account in ('hold_secured', 'card_hold')
          group by pa.id
          order by pa.kind, pa.id`,
    ),
    queryRows<{
      id: string;
      status: HoldStatus;
      amount: string;
      provider_hold_id: string | null;
      provider: "yookassa" | "stripe" | null;
      confirmation_url: string | null;
      failure_reason: HoldFailureKind | null;
    }>(
      db,
      sql`select id, status::text as status, amount_minor::text as amount, provider_hold_id, provider::text as provider,
                 confirmation_url, failure_reason
          from payment_holds where job_id = ${jobId}::uuid order by created_at, id`,
    ),
  ]);
  const securedOf = new Map(secured.filter((r) => r.user_id).map((r) => [r.user_id, BigInt(r.secured)]));
  return {
    jobId,
    ownerId: job.owner_id,
    title: job.title,
    status: job.status,
    currency,
    startDate: job.start_date,
    durationDays: job.duration_days,
    timeZone: jobTimeZone(job.city_zone, job.owner_zone),
    workers: hired.map((a) => ({
      applicationId: a.id,
      workerId: a.worker_id,
      days: a.days,
      ...plannedShare(rate, a.days),
      secured: securedOf.get(a.worker_id) ?? 0n,
    })),
    platformSecured: secured.filter((r) => r.kind === "platform").reduce((s, r) => s + BigInt(r.secured), 0n),
    securedParties: secured
      .filter((r) => BigInt(r.secured) !== 0n)
      .map((r) => ({ partyId: r.party_id, amount: BigInt(r.secured) })),
    cardHold: secured.reduce((s, r) => s + BigInt(r.card), 0n),
    holds: holds.map((h) => ({
      id: h.id,
      status: h.status,
      amount: BigInt(h.amount),
      providerHoldId: h.provider_hold_id,
      provider: h.provider,
      confirmationUrl: h.confirmation_url,
      failureReason: h.failure_reason,
    })),
  };
}

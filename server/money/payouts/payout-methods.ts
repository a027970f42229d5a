import { sql } from "drizzle-orm";

import { queryRows, type Database, type Tx } from "../../../db/database.ts";
import { lockPeopleFirst } from "../../../db/lock-order.ts";
import {
  CONNECT_DEFAULT_COUNTRY,
  maskedPhone,
  PAYOUT_LIMITS,
  PAYOUT_METHOD_PROVIDER,
  type CONNECT_COUNTRIES,
  type PayoutMethodKind,
} from "../../../domain/payouts.ts";
import type { Payments } from "../../payments/open-payments.ts";
import { inTransaction, refusal } from "../../refusal.ts";

/** A saved method as the payouts screen shows it: never the token, the phone or the account id. */
export type PayoutMethodView = {
  id: string;
  kind: PayoutMethodKind;
  provider: "yookassa" | "stripe";
  label: string;
  ready: boolean;
  isDefault: boolean;
  createdAt: Date;
};

type MethodRow = {
  id: string;
  kind: PayoutMethodKind;
  label: string;
  ready: boolean;
  is_default: boolean;
  created_at: string | Date;
};

const viewOf = (row: MethodRow): PayoutMethodView => ({
  id: row.id,
  kind: row.kind,
  provider: PAYOUT_METHOD_PROVIDER[row.kind],
  label: row.label,
  ready: row.ready,
  isDefault: row.is_default,
  createdAt: new Date(row.created_at),
});

const METHOD_COLUMNS = sql`id, kind::text as kind, label, ready, is_default, created_at`;

/** The caller's saved methods, defaults first, then newest. */
export async function listMethods(db: Database | Tx, userId: string): Promise<PayoutMethodView[]> {
  const rows = await queryRows<MethodRow>(
    db,
    sql`select ${METHOD_COLUMNS} from payout_methods where user_id = ${userId}
        order by is_default desc, created_at desc limit ${PAYOUT_LIMITS.methodsMax}`,
  );
  return rows.map(viewOf);
}

/** The condition "same provider as `kind`" on payout_methods, as its default index groups them. */
const sameProvider = (kind: PayoutMethodKind) => sql`(kind = 'connected_account') = ${kind === "connected_account"}`;

/**
 * Saves a method (idempotent: the same destination again answers the saved one). The first of its
 * provider becomes the default; PAYOUT_LIMITS.methodsMax at most.
 */
async function saveMethod(
  db: Database,
  userId: string,
  method: { kind: PayoutMethodKind; destination: string; bankId: string | null; label: string; ready: boolean },
) {
  return inTransaction<PayoutMethodView, "not_found" | "payout_methods_too_many">(db, async (tx, refuse) => {
    if (!(await lockPeopleFirst(tx, [userId]))) return refuse("not_found");
    // The person's methods locked: two saves at once count and choose the default in turn.
    const mine = await queryRows<{ id: string; kind: PayoutMethodKind; destination: string; is_default: boolean }>(
      tx,
      sql`select id, kind::text as kind, destination, is_default from payout_methods where user_id = ${userId} for update`,
    );
    const same = mine.find((m) => m.kind === method.kind && m.destination === method.destination);
    if (same) {
      await tx.execute(sql`update payout_methods set label = ${method.label}, ready = ${method.ready} where id = ${same.id}`);
    } else {
      if (mine.length >= PAYOUT_LIMITS.methodsMax) return refuse("payout_methods_too_many");
      const first = !mine.some((m) => m.is_default && PAYOUT_METHOD_PROVIDER[m.kind] === PAYOUT_METHOD_PROVIDER[method.kind]);
      await tx.execute(
        sql`insert into payout_methods (user_id, kind, destination, bank_id, label, ready, is_default)
            values (${userId}, ${method.kind}::payout_method_kind, ${method.destination}, ${method.bankId}, ${method.label},
                    ${method.ready}, ${first})`,
      );
    }
    const [saved] = await queryRows<MethodRow>(
      tx,
      sql`select ${METHOD_COLUMNS} from payout_methods
          where user_id = ${userId} and kind = ${method.kind}::payout_method_kind and destination = ${method.destination}`,
    );
    return saved ? viewOf(saved) : refuse("not_found");
  });
}

/** YooKassa's card form for payouts, coming back to `returnUrl` with the card's token; null when there is none to show. */
export function cardFormUrl(payments: Payments | null, returnUrl: string): string | null {
  const standIn = payments?.standIns.yookassa;
  if (!payments?.yookassa?.payouts || !standIn) return null;
  return `${standIn.url}/payout-widget?return_url=${encodeURIComponent(returnUrl)}`;
}

/** A card the worker typed into YooKassa's card form: its payout token and the last four digits the form gave. */
export function addCardMethod(db: Database, userId: string, card: { token: string; last4: string; cardType: string }) {
  const brand = card.cardType.trim();
  return saveMethod(db, userId, {
    kind: "card_token",
    destination: card.token,
    bankId: null,
    label: `${brand ? `${brand} ` : ""}•••• ${card.last4}`,
    ready: true,
  });
}

/** The fast payment system's banks, as the payout provider lists them. */
export async function sbpBanks(payments: Payments | null) {
  const payouts = payments?.yookassa?.payouts;
  if (!payouts) return refusal("payout_no_provider");
  const banks = await payouts.sbpBanks();
  if (!banks.ok) return refusal("payout_provider_unavailable");
  return banks.value.map((b) => ({ bankId: b.bankId, name: b.name }));
}

/** A phone at a bank of the fast payment system; the bank must be on the provider's list. */
export async function addSbpMethod(
  db: Database,
  payments: Payments | null,
  userId: string,
  input: { phone: string; bankId: string },
) {
  const banks = await sbpBanks(payments);
  if ("ok" in banks) return banks;
  const bank = banks.find((b) => b.bankId === input.bankId);
  if (!bank) return refusal("payout_bank_unknown");
  return saveMethod(db, userId, {
    kind: "sbp",
    destination: input.phone,
    bankId: bank.bankId,
    label: `${maskedPhone(input.phone)} · ${bank.name}`,
    ready: true,
  });
}

/**
 * Opens (once per worker) a Stripe Connect account for payouts in euros, pounds or dollars and answers
 * Stripe's hosted onboarding page; the method is saved not ready until `refreshConnectMethod` finds
 * the account can take transfers.
 */
export async function startConnect(
  db: Database,
  payments: Payments | null,
  params: {
    userId: string;
    email: string;
    currency: keyof typeof CONNECT_DEFAULT_COUNTRY;
    country: (typeof CONNECT_COUNTRIES)[number] | undefined;
    returnUrl: string;
  },
) {
  const stripe = payments?.stripe?.payouts;
  if (!stripe) return refusal("payout_no_provider");
  const [existing] = await queryRows<{ destination: string }>(
    db,
    sql`select destination from payout_methods where user_id = ${params.userId} and kind = 'connected_account' limit 1`,
  );
  let accountId = existing?.destination ?? null;
  if (!accountId) {
    const made = await stripe.createAccount({
      email: params.email,
      country: params.country ?? CONNECT_DEFAULT_COUNTRY[params.currency],
      reference: params.userId,
      idempotencyKey: `connect:${params.userId}`,
    });
    if (!made.ok) return refusal("payout_provider_unavailable");
    accountId = made.value.accountId;
    const saved = await saveMethod(db, params.userId, {
      kind: "connected_account",
      destination: accountId,
      bankId: null,
      label: `Stripe •••• ${accountId.slice(-4)}`,
      ready: false,
    });
    if ("ok" in saved) return saved;
  }
  const link = await stripe.onboardingLink({ accountId, returnUrl: params.returnUrl, refreshUrl: params.returnUrl });
  return link.ok ? { url: link.value.url } : refusal("payout_provider_unavailable");
}

/** Asks Stripe whether the caller's Connect account can take transfers yet, and records it. */
export async function refreshConnectMethod(db: Database, payments: Payments | null, userId: string, methodId: string) {
  const [method] = await queryRows<{ destination: string }>(
    db,
    sql`select destination from payout_methods where id = ${methodId}::uuid and user_id = ${userId} and kind = 'connected_account'`,
  );
  if (!method) return refusal("not_found");
  const stripe = payments?.stripe?.payouts;
  if (!stripe) return refusal("payout_no_provider");
  const ready = await stripe.accountReady(method.destination);
  if (!ready.ok) return refusal("payout_provider_unavailable");
  const [row] = await queryRows<MethodRow>(
    db,
    sql`update payout_methods set ready = ${ready.value} where id = ${methodId}::uuid and user_id = ${userId}
        returning ${METHOD_COLUMNS}`,
  );
  return row ? viewOf(row) : refusal("not_found");
}

/** Makes one of the caller's methods the default of its provider. */
export function setDefaultMethod(db: Database, userId: string, methodId: string) {
  return inTransaction<PayoutMethodView, "not_found">(db, async (tx, refuse) => {
    const [method] = await queryRows<{ kind: PayoutMethodKind }>(
      tx,
      sql`select kind::text as kind from payout_methods where id = ${methodId}::uuid and user_id = ${userId} for update`,
    );
    if (!method) return refuse("not_found");
    await tx.execute(
      sql`update payout_methods set is_default = false
          where user_id = ${userId} and is_default and ${sameProvider(method.kind)} and id <> ${methodId}::uuid`,
    );
    const [row] = await queryRows<MethodRow>(
      tx,
      sql`update payout_methods set is_default = true where id = ${methodId}::uuid returning ${METHOD_COLUMNS}`,
    );
    return row ? viewOf(row) : refuse("not_found");
  });
}

/**
 * Removes one of the caller's methods, unless a pending payout is on its way to it; the newest other
 * method of the same provider becomes the default if this one was.
 */
export function removeMethod(db: Database, userId: string, methodId: string) {
  return inTransaction<{ removed: true }, "not_found" | "payout_method_in_use">(db, async (tx, refuse) => {
    // FOR UPDATE waits for a payout being taken to it (which holds a key share), then sees that payout.
    const [method] = await queryRows<{ kind: PayoutMethodKind; is_default: boolean }>(
      tx,
      sql`select kind::text as kind, is_default from payout_methods where id = ${methodId}::uuid and user_id = ${userId} for update`,
    );
    if (!method) return refuse("not_found");
    const [busy] = await queryRows<{ id: string }>(
      tx,
      sql`select id from payouts where method_id = ${methodId}::uuid and status = 'pending' limit 1`,
    );
    if (busy) return refuse("payout_method_in_use");
    await tx.execute(sql`delete from payout_methods where id = ${methodId}::uuid`);
    if (method.is_default) {
      await tx.execute(
        sql`update payout_methods set is_default = true
            where id = (select id from payout_methods where user_id = ${userId} and ${sameProvider(method.kind)}
                        order by created_at desc limit 1)`,
      );
    }
    return { removed: true as const };
  });
}

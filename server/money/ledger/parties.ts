import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";

import { queryRows, type Queryable } from "../../../db/database.ts";
import { ledgerParties } from "../../../db/schema/index.ts";
import type { PartyKind, PartyRef } from "../../../domain/ledger.ts";

/** A party as a posting needs it. */
export type ResolvedParty = { readonly id: string; readonly kind: PartyKind };

/** The platform's own party's label. */
const PLATFORM_LABEL = "daywork";
/** A provider's name as configuration spells it ("yookassa", "stripe", "loopback-stripe"). */
const PROVIDER_NAME = /^[a-z][a-z0-9_-]{0,39}$/;

/** The key a reference's party has in resolveParties' answer. */
export function partyRefKey(ref: PartyRef): string {
  switch (ref.kind) {
    case "person":
      return `person:${ref.userId}`;
    case "party":
      return `party:${ref.partyId}`;
    case "platform":
      return "platform";
    case "provider":
      return `provider:${ref.name}`;
  }
}

/**
 * The parties of `refs`, keyed by partyRefKey: the ones that exist read in one query (the usual case), the
 * missing people's, the platform's and providers' created. A person without a live profile (never
 * signed up, or deleted) and an unknown party id have none: their key is missing from the answer.
 * Creating a person's party share-locks their user row (the foreign key): callers that lock people
 * first (db/lock-order.ts) keep the app's lock order.
 */
export async function resolveParties(db: Queryable, refs: readonly PartyRef[]): Promise<Map<string, ResolvedParty>> {
  const found = new Map<string, ResolvedParty>();
  const userIds = refs.flatMap((r) => (r.kind === "person" ? [r.userId] : []));
  const partyIds = refs.flatMap((r) => (r.kind === "party" && isUuid(r.partyId) ? [r.partyId] : []));
  const providers = refs.flatMap((r) => (r.kind === "provider" ? [r.name] : []));
  const rows = await db
    .select({ id: ledgerParties.id, kind: ledgerParties.kind, userId: ledgerParties.userId, label: ledgerParties.label })
    .from(ledgerParties)
    .where(
      or(
        userIds.length ? inArray(ledgerParties.userId, userIds) : undefined,
        partyIds.length ? inArray(ledgerParties.id, partyIds) : undefined,
        refs.some((r) => r.kind === "platform")
          ? and(eq(ledgerParties.kind, "platform"), eq(ledgerParties.label, PLATFORM_LABEL))
          : undefined,
        providers.length ? and(eq(ledgerParties.kind, "provider"), inArray(ledgerParties.label, providers)) : undefined,
      ),
    );
  for (const row of rows) {
    const party = { id: row.id, kind: row.kind };
    found.set(`party:${row.id}`, party);
    if (row.userId) found.set(`person:${row.userId}`, party);
    if (row.kind === "platform") found.set("platform", party);
    if (row.kind === "provider") found.set(`provider:${row.label}`, party);
  }
  for (const ref of refs) {
    const key = partyRefKey(ref);
    if (found.has(key)) continue;
    const created = await createParty(db, ref);
    if (created) found.set(key, created);
  }
  return found;
}

/** The party of one reference (found or created), or null when it has none (see resolveParties). */
export async function resolveParty(db: Queryable, ref: PartyRef): Promise<ResolvedParty | null> {
  return (await resolveParties(db, [ref])).get(partyRefKey(ref)) ?? null;
}

function isUuid(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
}

/**
 * Creates the party of a person, the platform or a provider; a racing creation of the same one wins and
 * is read back. A person's label is their kind and a short code of the party's own id ("worker
 * 3F2A9C1B"): it never names them, so it can stay when their account goes.
 */
async function createParty(db: Queryable, ref: PartyRef): Promise<ResolvedParty | null> {
  if (ref.kind === "party") return null;
  if (ref.kind === "person") {
    const id = randomUUID();
    const code = id.replaceAll("-", "").slice(0, 8).toUpperCase();
    // The kind is the person's own (an employer's or a worker's account); a deleted account's stand-in
    // (docs/decisions/050) gets no party: its money stays with the deleted person's anonymised one.
    const [inserted] = await queryRows<ResolvedParty>(
      db,
      sql`insert into ledger_parties (id, kind, user_id, label)
          select ${id}::uuid, p.user_type::text::ledger_party_kind, p.id, p.user_type::text || ' ' || ${code}
          from profiles p where p.id = ${ref.userId} and p.deleted_at is null
          on conflict (user_id) do nothing
          returning id, kind`,
    );
    if (inserted) return inserted;
    const [existing] = await db
      .select({ id: ledgerParties.id, kind: ledgerParties.kind })
      .from(ledgerParties)
      .where(eq(ledgerParties.userId, ref.userId));
    return existing ?? null;
  }
  const label = ref.kind === "platform" ? PLATFORM_LABEL : ref.name;
  if (ref.kind === "provider" && !PROVIDER_NAME.test(label)) return null;
  const [inserted] = await db
    .insert(ledgerParties)
    .values({ kind: ref.kind, label })
    .onConflictDoNothing()
    .returning({ id: ledgerParties.id, kind: ledgerParties.kind });
  if (inserted) return inserted;
  const [existing] = await db
    .select({ id: ledgerParties.id, kind: ledgerParties.kind })
    .from(ledgerParties)
    .where(and(eq(ledgerParties.kind, ref.kind), eq(ledgerParties.label, label), isNull(ledgerParties.userId)));
  return existing ?? null;
}

/** The party of a person, without creating one: null when no money was ever recorded about them. */
export async function partyOfPerson(db: Queryable, userId: string): Promise<ResolvedParty | null> {
  const [row] = await db
    .select({ id: ledgerParties.id, kind: ledgerParties.kind })
    .from(ledgerParties)
    .where(eq(ledgerParties.userId, userId));
  return row ?? null;
}

/**
 * When a person's account is deleted (server/privacy/delete-account.ts): their party loses its user_id
 * and keeps its label; its postings stay as they were (docs/decisions/076: kept for accounting). Answers
 * whether there was one.
 */
export async function anonymiseParty(db: Queryable, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(ledgerParties)
    .set({ userId: null, anonymisedAt: now })
    .where(eq(ledgerParties.userId, userId))
    .returning({ id: ledgerParties.id });
  return rows.length > 0;
}

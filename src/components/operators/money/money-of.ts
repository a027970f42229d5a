import type { MoneyOf } from "../../../../domain/ledger-corrections.ts";
import { text } from "../../../lib/search-params.ts";

const id = text(100);

/** Whose money the address names (`?job=`, `?party=` or `?person=`); the server checks the ids' shape. */
export function moneyOfAddress(search: Record<string, unknown>): MoneyOf | null {
  const job = id(search.job);
  const party = id(search.party);
  const person = id(search.person);
  return job ? { jobId: job } : party ? { partyId: party } : person ? { userId: person } : null;
}

/** The address of whose money a search found. */
export function moneyAddress(of: {
  partyId: string | null;
  userId: string | null;
}): { party: string } | { person: string } | null {
  if (of.partyId) return { party: of.partyId };
  return of.userId ? { person: of.userId } : null;
}

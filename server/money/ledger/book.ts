import type { Tx } from "../../../db/database.ts";
import { person } from "../../../domain/ledger.ts";
import type { PayMode } from "../../../domain/pay-mode.ts";
import { partyRefKey, resolveParties } from "./parties.ts";

/**
 * The book a job's pay to a worker goes in: the job's own, except on a job through Daywork whose owner's
 * party is not an employer's or whose worker's is not a worker's (an account whose type changed after
 * posting), which the money book cannot hold: then the direct book records it.
 */
export async function bookFor(tx: Tx, payMode: PayMode, ownerId: string, workerId: string): Promise<PayMode> {
  if (payMode === "direct") return "direct";
  const owner = person(ownerId);
  const worker = person(workerId);
  const parties = await resolveParties(tx, [owner, worker]);
  const fits = parties.get(partyRefKey(owner))?.kind === "employer" && parties.get(partyRefKey(worker))?.kind === "worker";
  return fits ? "through_daywork" : "direct";
}

import { eq } from "drizzle-orm";

import type { Tx } from "../../../db/database.ts";
import { paymentHolds, providerEvents } from "../../../db/schema/index.ts";
import type { BackgroundQueue } from "../../background-jobs.ts";
import type { ProviderEvent } from "../../payments/webhook-event.ts";
import { endedOutcome } from "./authorise-hold.ts";
import { holdBecameAuthorised, holdCaptured, holdEnded, holdIdOf, lockHold, type LockedHold } from "./hold-transitions.ts";

export type ProviderName = "yookassa" | "stripe";
/** What applying an event did: `unhandled` means nobody here can apply its kind (the sender should retry). */
export type EventOutcome = "applied" | "duplicate" | "unknown_object" | "unhandled";

/** What an event's handler may use. */
export type EventServices = { queue: BackgroundQueue; now: () => Date };

/**
 * Handlers of the kinds of event this module does not own, plugged in where the app is built: payouts are
 * server/money/payouts/payout-events.ts's `applyPayoutEvent`. A kind without one is `unhandled`.
 */
export type ProviderEventHandlers = {
  payout:
    | ((
        tx: Tx,
        services: EventServices,
        provider: ProviderName,
        event: Extract<ProviderEvent, { kind: "payout" }>,
      ) => Promise<EventOutcome>)
    | null;
};

/**
 * Applies one verified provider event inside the caller's transaction, once (docs/decisions/079): its
 * (provider, event id) is recorded first and a second delivery, even a concurrent one (it waits on the
 * first's index entry), finds it taken and moves nothing. Holds are ours; payouts go to `handlers`;
 * refunds only settle a credit we would have asked for, so they are recorded and need nothing more yet.
 */
export async function applyProviderEvent(
  tx: Tx,
  services: EventServices,
  provider: ProviderName,
  event: ProviderEvent,
  handlers: ProviderEventHandlers,
): Promise<EventOutcome> {
  if (event.kind === "payout" && !handlers.payout) return "unhandled";
  const [fresh] = await tx
    .insert(providerEvents)
    .values({ provider, eventId: event.eventId, type: event.type, receivedAt: services.now() })
    .onConflictDoNothing()
    .returning({ id: providerEvents.id });
  if (!fresh) return "duplicate";
  switch (event.kind) {
    case "payout":
      return handlers.payout ? handlers.payout(tx, services, provider, event) : "unhandled";
    case "refund":
      // We ask for no refund yet (a correction's refund comes with operator corrections): nothing to move.
      return "applied";
    case "hold": {
      const holdId = await holdIdOf(tx, provider, event.hold);
      const found = holdId ? await lockHold(tx, holdId) : null;
      if (!found) return "unknown_object";
      const now = services.now();
      // Its notification overtook the authorise call's answer (that job retries and finds it moved on).
      const locked = found.provider ? found : await nameProvider(tx, found, provider, event.hold.id, now);
      switch (event.type) {
        case "hold.authorised":
          await holdBecameAuthorised(tx, services.queue, locked, event.hold, now);
          break;
        case "hold.captured":
          await holdCaptured(tx, locked, BigInt(event.hold.captured), now);
          break;
        case "hold.failed":
          // Stripe keeps a declined hold for another card: it may still become authorised (holdBecameAuthorised).
          await holdEnded(
            tx,
            services.queue,
            locked,
            { status: "failed", reason: event.hold.failure?.reason ?? "declined" },
            now,
          );
          break;
        case "hold.canceled":
          await holdEnded(tx, services.queue, locked, endedOutcome(event.hold), now);
          break;
      }
      return "applied";
    }
  }
}

/** The row learns its provider and the provider's id from a verified event about it. */
async function nameProvider(tx: Tx, locked: LockedHold, provider: ProviderName, providerHoldId: string, now: Date) {
  await tx.update(paymentHolds).set({ provider, providerHoldId, updatedAt: now }).where(eq(paymentHolds.id, locked.id));
  return { ...locked, provider };
}

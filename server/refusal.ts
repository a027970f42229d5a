import type { Database, Tx } from "../db/database.ts";
import type { Reason } from "./answers.ts";

/**
 * A business rule said no. Query and action modules return one (`{ ok: false, reason }`) instead of
 * throwing a transport's error, so the same SQL serves the tRPC routers, the upload routes, the seed CLI
 * and background work; each transport answers the reason as server/answers.ts says.
 */
export type Refusal<R extends Reason> = { readonly ok: false; readonly reason: R; readonly retryAfterSeconds?: number };

/** A refusal for `reason`; a rate limit says when to try again. */
export function refusal<const R extends Reason>(reason: R, retryAfterSeconds?: number): Refusal<R> {
  return retryAfterSeconds === undefined ? { ok: false, reason } : { ok: false, reason, retryAfterSeconds };
}

/** True when an action's result is a refusal rather than its value. */
export function isRefusal<T, R extends Reason>(result: T | Refusal<R>): result is Refusal<R> {
  return typeof result === "object" && result !== null && "ok" in result && result.ok === false && "reason" in result;
}

/** Thrown inside a transaction to roll it back; `inTransaction` turns it back into a refusal. */
class RolledBack<R extends Reason> extends Error {
  readonly refusal: Refusal<R>;
  constructor(refusal: Refusal<R>) {
    super(`refused: ${refusal.reason}`);
    this.refusal = refusal;
  }
}

/**
 * One business action in one transaction that may refuse half-way: `refuse(reason)` rolls back what the
 * action wrote so far and makes the call answer that refusal. Any other error rolls back and propagates.
 */
export async function inTransaction<T, R extends Reason>(
  db: Database,
  action: (tx: Tx, refuse: (reason: R) => never) => Promise<T | Refusal<R>>,
  config?: Parameters<Database["transaction"]>[1],
): Promise<T | Refusal<R>> {
  const refuse = (reason: R): never => {
    throw new RolledBack(refusal(reason));
  };
  try {
    return await db.transaction(async (tx) => {
      const result = await action(tx, refuse);
      // A refusal returned (rather than thrown) must roll back too.
      if (isRefusal(result)) throw new RolledBack(result);
      return result;
    }, config);
  } catch (error) {
    if (error instanceof RolledBack) return error.refusal as Refusal<R>;
    throw error;
  }
}

import { AsyncLocalStorage } from "node:async_hooks";
import type postgres from "postgres";

/**
 * The work of a request ran past its deadline and was answered "try again" (docs/decisions/062). Its
 * statements are cancelled and its transactions roll back instead of committing.
 */
export class DeadlinePassed extends Error {
  readonly code = "DEADLINE_PASSED";
  constructor() {
    super("the request's deadline passed");
    this.name = "DeadlinePassed";
  }
}

/** True when `error`, or an error it wraps (drizzle's "Failed query" keeps it as `cause`), is DeadlinePassed. */
export function isDeadlinePassed(error: unknown): boolean {
  for (let seen: unknown = error, depth = 0; depth < 5; depth += 1) {
    if (seen instanceof DeadlinePassed) return true;
    if (typeof seen !== "object" || seen === null || !("cause" in seen)) return false;
    seen = seen.cause;
  }
  return false;
}

/** What runs inside `withinDeadline`: aborted when the deadline passed before the work finished. */
type Scope = { readonly signal: AbortSignal; readonly expiresAt: number };

const scopes = new AsyncLocalStorage<Scope>();

/** The signal of the deadline the calling code runs under; undefined outside any (boot, background work). */
export function deadlineSignal(): AbortSignal | undefined {
  return scopes.getStore()?.signal;
}

/**
 * After its deadline, how long work is given to end the statements that were cancelled: a cancel
 * travels on a connection of its own, and the answer must not go before it arrived.
 */
export const CANCEL_GRACE_MS = 500;

/**
 * Runs `work` under a deadline `ms` from now (or the enclosing one): past it, `work` gets CANCEL_GRACE_MS to
 * end, whose answer stands, else it rejects with DeadlinePassed (docs/decisions/062).
 */
export async function withinDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const outer = scopes.getStore();
  const expiresAt = Math.min(Date.now() + ms, outer?.expiresAt ?? Number.POSITIVE_INFINITY);
  const controller = new AbortController();
  // Its own signal, tied to the enclosing one only until `work` settles: a sibling call that passes the
  // request's deadline later must not cancel what this call left running after answering in time.
  const signal = controller.signal;
  let timer: NodeJS.Timeout | undefined;
  let graceTimer: NodeJS.Timeout | undefined;
  let expire = () => {};
  const passed = new Promise<never>((_, reject) => {
    let expired = false;
    expire = () => {
      if (expired) return;
      expired = true;
      controller.abort(new DeadlinePassed());
      graceTimer = setTimeout(() => reject(new DeadlinePassed()), CANCEL_GRACE_MS);
    };
  });
  // Settled only when the deadline wins: nobody waits for it afterwards.
  passed.catch(() => {});
  outer?.signal.addEventListener("abort", expire, { once: true });
  if (outer?.signal.aborted) expire();
  else timer = setTimeout(expire, Math.max(0, expiresAt - Date.now()));
  try {
    // Awaited inside the scope: a lazy query builder (drizzle's) runs when awaited, and must run in it.
    return await Promise.race([scopes.run({ signal, expiresAt }, async () => await work()), passed]);
  } finally {
    outer?.signal.removeEventListener("abort", expire);
    clearTimeout(timer);
    clearTimeout(graceTimer);
  }
}

/**
 * Runs `start` (a callback that carries on the request, such as a Fastify hook's `done`) under a
 * deadline `ms` from now, which every `withinDeadline` inside it shares. Call the returned function once
 * the request was answered: work it left behind is then never aborted.
 */
export function startDeadline(ms: number, start: () => void): () => void {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlinePassed()), ms);
  scopes.run({ signal: controller.signal, expiresAt: Date.now() + ms }, start);
  return () => clearTimeout(timer);
}

type Unsafe = postgres.Sql["unsafe"];
type Begin = postgres.Sql["begin"];

/** Cancels `query` if the deadline it was made under passes before it is done. */
function cancelledWith<Q extends { cancel(): void }>(query: Q, signal: AbortSignal | undefined): Q {
  // postgres.js's cancel() ignores a failed cancel request (patches/postgres+3.4.9.patch, decision 062):
  // the statement then ends by statement_timeout.
  signal?.addEventListener("abort", () => query.cancel(), { once: true });
  return query;
}

/** On a handle from `cancelledAtDeadline`, the plain postgres.js handle under it (for tests that watch its statements). */
export const PLAIN_HANDLE = Symbol("plain postgres.js handle");

/**
 * The postgres.js handle bound to its caller's deadline: past it statements are dropped or cancelled and
 * transactions roll back (docs/decisions/062); outside a deadline it is the plain handle.
 */
export function cancelledAtDeadline<S extends postgres.Sql | postgres.TransactionSql>(sql: S): S {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === PLAIN_HANDLE) return target;
      if (property === "unsafe") {
        const unsafe: Unsafe = (...args) => {
          const signal = deadlineSignal();
          if (signal?.aborted) throw new DeadlinePassed();
          return cancelledWith(target.unsafe(...args), signal);
        };
        return unsafe;
      }
      if (property === "begin" && "begin" in target) {
        const begin = (...args: unknown[]) => {
          const signal = deadlineSignal();
          if (signal?.aborted) throw new DeadlinePassed();
          const fn = args.pop() as (tx: postgres.TransactionSql) => unknown;
          const guarded = async (tx: postgres.TransactionSql) => {
            const result = await fn(cancelledAtDeadline(tx));
            // The request was answered "try again" while this ran: it must not land (a throw rolls back).
            if (signal?.aborted) throw new DeadlinePassed();
            return result;
          };
          return (target.begin as (...a: unknown[]) => unknown)(...args, guarded);
        };
        return begin as Begin;
      }
      if (property === "savepoint" && "savepoint" in target) {
        const savepoint = (...args: unknown[]) => {
          const fn = args.pop() as (tx: postgres.TransactionSql) => unknown;
          return (target.savepoint as (...a: unknown[]) => unknown)(...args, (tx: postgres.TransactionSql) =>
            fn(cancelledAtDeadline(tx)),
          );
        };
        return savepoint;
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

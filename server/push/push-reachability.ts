/** How long a push that found its service unreachable marks push as degraded, unless one gets through. */
export const PUSH_FAILURE_STANDS_MS = 10 * 60_000;

/**
 * Whether push services were reachable lately, from this instance's own sends (docs/decisions/064): there
 * are several services (FCM, Mozilla, Apple…) and probing one says little about the others, so the last
 * outcome is the signal. No send yet, or none lately: nothing known, so nothing reported.
 */
export type PushReachability = {
  /** A push reached its service (whatever it answered), or failed to (timeout, network, 5xx, 429). */
  record(reached: boolean): void;
  /** Throws when the latest push, within PUSH_FAILURE_STANDS_MS, did not reach its service. */
  ready(): Promise<void>;
};

export function pushReachability(now: () => number = Date.now): PushReachability {
  let last: { reached: boolean; at: number } | null = null;
  return {
    record(reached) {
      last = { reached, at: now() };
    },
    async ready() {
      if (last && !last.reached && now() - last.at < PUSH_FAILURE_STANDS_MS) {
        throw new Error("the latest push did not reach its push service");
      }
    },
  };
}

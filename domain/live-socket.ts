/**
 * The close code an instance gives its WebSockets when it stops (1012 "Service Restart" in RFC 6455's
 * registry): the page's socket reconnects, through the load balancer to an instance that runs, and its
 * live feeds resume from the last event they had (tRPC's `tracked` ids, resent as `lastEventId`).
 */
export const SERVICE_RESTART_CLOSE_CODE = 1012;

/**
 * How long a page waits before its n-th attempt to reopen a live socket that closed under it. The first
 * attempt is spread over a second: a stopping instance closes all its sockets at once, and they must
 * not all land on the next instance in the same millisecond. Later attempts back off, doubling to 30 s,
 * each somewhere in the upper half of its step.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  if (attempt <= 0) return Math.floor(random() * 1_000);
  const step = Math.min(30_000, 1_000 * 2 ** attempt);
  return Math.floor(step / 2 + (random() * step) / 2);
}

/**
 * The page's WebSocket client settings (tRPC's `createWSClient`, besides its url): opened on the first
 * subscription and closed 10 s after the last one ends; reconnects as `reconnectDelayMs` says.
 */
export const LIVE_SOCKET_OPTIONS = {
  lazy: { enabled: true, closeMs: 10_000 },
  retryDelayMs: reconnectDelayMs,
} as const;

/**
 * The close code of a stopping instance (1012 "Service Restart", RFC 6455): pages reconnect elsewhere and
 * their feeds resume from the last `tracked` id (docs/decisions/030).
 */
export const SERVICE_RESTART_CLOSE_CODE = 1012;

/**
 * Delay before a page's n-th reconnect of its live socket: exponential backoff with jitter up to 30 s, the first
 * spread over a second so a stopping instance's sockets do not all land at once (docs/decisions/030).
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

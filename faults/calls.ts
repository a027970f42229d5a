// Requests to the instances as the SPA sends them (our page's Origin, the session cookie), each bounded
// and timed: a fault test asks how long an answer took, and a request never waits for the outage.

/** The deployment's PUBLIC_URL: the one origin production trusts. */
export const ORIGIN = "http://localhost:3000";

/** How long a request of the suite waits at most; past it the answer is "none" (status 0). */
export const CALL_TIMEOUT_MS = 20_000;

export type Answer = {
  /** The HTTP status, or 0 when nothing came back within the timeout or the connection failed. */
  status: number;
  /** Milliseconds from sending to the answer (or to giving up). */
  ms: number;
  /** The Retry-After header, else a tRPC refusal's `retryAfterSeconds`; null when neither. */
  retryAfter: number | null;
  body: Record<string, unknown> | null;
  /** "timed out", the connection's error, or null when an answer came. */
  failure: string | null;
};

export type TrpcBody = {
  result?: { data: { json: Record<string, unknown> } };
  error?: { json: { data?: { messageKey?: string; retryAfterSeconds?: number; httpStatus?: number } } };
};

/** A browser's headers: our pages' Origin, and the session cookie when given. */
export function browserHeaders(cookie?: string): Record<string, string> {
  return { origin: ORIGIN, ...(cookie ? { cookie } : {}) };
}

/** Sends one request and reads its answer within `timeoutMs`. */
export async function call(url: string, init: RequestInit = {}, timeoutMs = CALL_TIMEOUT_MS): Promise<Answer> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = null;
    }
    const header = res.headers.get("retry-after");
    const fromBody = (body as TrpcBody | null)?.error?.json.data?.retryAfterSeconds;
    const retryAfter = header !== null ? Number(header) : typeof fromBody === "number" ? fromBody : null;
    return { status: res.status, ms: ms(), retryAfter, body, failure: null };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return { status: 0, ms: ms(), retryAfter: null, body: null, failure: timedOut ? "timed out" : String(error) };
  }
}

/** A tRPC mutation over HTTP, as the page sends it (superjson: `{ json: input }`). */
export function mutation(base: string, procedure: string, input: unknown, cookie?: string, timeoutMs?: number) {
  return call(
    `${base}/api/trpc/${procedure}`,
    {
      method: "POST",
      headers: { ...browserHeaders(cookie), "content-type": "application/json" },
      body: JSON.stringify({ json: input }),
    },
    timeoutMs,
  );
}

/** A tRPC query over HTTP. */
export function query(base: string, procedure: string, input: unknown, cookie?: string, timeoutMs?: number) {
  return call(
    `${base}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
    { headers: browserHeaders(cookie) },
    timeoutMs,
  );
}

/** The value a tRPC call answered (its `result.data.json`), or a failure naming the answer. */
export function resultOf(answer: Answer): Record<string, unknown> {
  const data = (answer.body as TrpcBody | null)?.result?.data.json;
  if (answer.status !== 200 || !data) throw new Error(`expected a result, got ${summary(answer)}`);
  return data;
}

/** One line for a test's message: status, time, and the body's start. */
export function summary(answer: Answer): string {
  return `${answer.status || answer.failure} after ${answer.ms} ms: ${JSON.stringify(answer.body).slice(0, 300)}`;
}

/** Polls `check` every `intervalMs` until it answers true; rejects after `timeoutMs` naming `what`. */
export async function eventually(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  intervalMs = 250,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

// HTTP load as the benches drive it: concurrent loops of requests over kept-alive loopback connections,
// and the figures they print (rate, percentiles).
import http from "node:http";
import superjson from "superjson";

export type Result = { requests: number; errors: number; seconds: number; latencies: number[] };

/** Runs `call(i)` from `concurrency` loops until `seconds` have passed; each loop waits for its answer. */
export async function load(concurrency: number, seconds: number, call: (i: number) => Promise<void>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await call(next++);
          latencies.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { requests: latencies.length, errors, seconds: (performance.now() - start) / 1000, latencies };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Several runs as one: requests over time, latency percentiles over every request. */
export function summary(runs: Result[]) {
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const sorted = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return {
    requests,
    rps: requests / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** A number right-aligned in `width` columns. */
export const fmt = (n: number, digits = 0, width = 9) => n.toFixed(digits).padStart(width);

/** A GET of one procedure as the SPA's httpBatchLink sends it (a batch of one). */
export function trpcPath(procedure: string, input: unknown): string {
  return `/api/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize(input) }))}`;
}

/**
 * GETs on loopback through plain node:http with kept-alive connections (cheaper per request than fetch;
 * the body is read as it comes, compressed or not, so the load costs every server alike). Each resolves
 * once the body is read and rejects unless the answer is 200.
 */
export function loopbackGetter(options: { maxSockets: number; headers: Record<string, string> }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets });
  return (port: number, requestPath: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port, path: requestPath, agent, headers: options.headers }, (res) => {
        res.on("data", () => {});
        res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(String(res.statusCode)))));
        res.on("error", reject);
      });
      req.on("error", reject);
    });
}

import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export type StandInRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** Route parameters: the pattern's capture groups, in order. */
  params: string[];
};

export type StandInReply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; html: string }
  | { status: 303; location: string };

export type StandInRoute = {
  method: "GET" | "POST";
  path: RegExp;
  /** API routes suffer the injected faults; pages (what a browser drives) do not. */
  api: boolean;
  handle(request: StandInRequest): StandInReply | Promise<StandInReply>;
};

/**
 * Failures a test or a journey injects into a stand-in's API: every answer delayed by `latencyMs`
 * (to prove the adapters' timeouts), and the next `failNext` requests answered `failStatus` with the
 * provider's error body, before doing anything.
 */
export type Faults = { latencyMs: number; failNext: number; failStatus: number };

export const noFaults = (): Faults => ({ latencyMs: 0, failNext: 0, failStatus: 500 });

export type StandInServer = { url: string; close(): Promise<void> };

/**
 * A real HTTP server on a random loopback port, answering `routes` (first match); `failed(status)`
 * is the provider's error body for an injected failure and for an unknown route.
 */
export async function startStandInServer(
  routes: StandInRoute[],
  faults: Faults,
  failed: (status: number) => unknown,
): Promise<StandInServer> {
  // Ends injected delays at close, so a stopped stand-in leaves no timer behind.
  const closing = new AbortController();
  const answer = async (request: StandInRequest): Promise<StandInReply> => {
    const route = routes.find((r) => r.method === request.method && r.path.test(request.path));
    if (!route) return { status: 404, json: failed(404) };
    if (route.api) {
      if (faults.latencyMs > 0) {
        const slept = await sleep(faults.latencyMs, true, { signal: closing.signal }).catch(() => false);
        if (!slept) return { status: 503, json: failed(503) };
      }
      if (faults.failNext > 0) {
        faults.failNext -= 1;
        return { status: faults.failStatus, json: failed(faults.failStatus) };
      }
    }
    const match = route.path.exec(request.path);
    return route.handle({ ...request, params: match ? match.slice(1).map((p) => decodeURIComponent(p)) : [] });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const request: StandInRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
        params: [],
      };
      answer(request).then(
        (reply) => {
          if (res.destroyed) return;
          if ("location" in reply) res.writeHead(303, { location: reply.location }).end();
          else if ("html" in reply) res.writeHead(reply.status, { "content-type": "text/html; charset=utf-8" }).end(reply.html);
          else {
            res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers }).end(JSON.stringify(reply.json));
          }
        },
        (error: unknown) => {
          if (!res.destroyed) res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify(failed(500)));
          // A stand-in's own bug must show in the test that met it.
          process.emitWarning(`payment stand-in failed on ${request.method} ${request.path}: ${String(error)}`);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close() {
      closing.abort();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The request body as JSON, or null when it is not JSON. */
export function jsonBody(request: StandInRequest): unknown {
  try {
    return request.rawBody ? (JSON.parse(request.rawBody) as unknown) : {};
  } catch {
    return null;
  }
}

/** Text safe inside HTML. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** A small page of the stand-in's (a provider's own hosted page, played on loopback). */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title><style>body{font:16px system-ui;max-width:28rem;margin:2rem auto;padding:0 1rem}
label,input,button{display:block;width:100%;margin:.5rem 0;font:inherit}.error{color:#b00}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

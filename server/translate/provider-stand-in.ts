import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };
/** What the stand-in answers: a status and a JSON value or raw text, or "hang" to never answer. */
export type StandInReply = { status: number; json?: unknown; text?: string } | "hang";
export type StandInHandler = (request: RecordedRequest) => StandInReply;

export type ProviderStandIn = {
  url: string;
  requests: RecordedRequest[];
  /** How many requests reached `method path`. */
  hits(method: string, path: string): number;
  /** Replaces how the stand-in answers from now on. */
  answer(handler: StandInHandler): void;
  close(): Promise<void>;
};

/**
 * A real HTTP server on a random loopback port that plays a translation provider in tests: it records
 * every request (method, path, headers, parsed JSON body) and answers through a replaceable handler.
 */
export async function startProviderStandIn(handler: StandInHandler): Promise<ProviderStandIn> {
  const requests: RecordedRequest[] = [];
  let current = handler;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = raw ? (JSON.parse(raw) as unknown) : null;
      } catch {
        body = raw;
      }
      const recorded = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
      requests.push(recorded);
      const reply = current(recorded);
      if (reply === "hang") return;
      const payload = reply.text ?? JSON.stringify(reply.json);
      res.writeHead(reply.status, { "content-type": reply.text === undefined ? "application/json" : "text/plain" });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    hits: (method, path) => requests.filter((r) => r.method === method && r.path === path).length,
    answer(next) {
      current = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A translation that shows what it was asked: "[target] text". */
export const fakeTranslation = (target: string, text: string) => `[${target}] ${text}`;

/**
 * LibreTranslate as its server behaves: GET /languages lists the installed models, POST /translate
 * answers { translatedText } (an array for an array `q`), 400 with { error } for a bad or unknown request,
 * 403 when a key is required and wrong.
 */
export function libreTranslateBehaviour(options: { codes: string[]; apiKey?: string }): StandInHandler {
  return (request) => {
    if (request.method === "GET" && request.path === "/languages") {
      return {
        status: 200,
        json: options.codes.map((code) => ({ code, name: code, targets: options.codes.filter((c) => c !== code) })),
      };
    }
    if (request.method !== "POST" || request.path !== "/translate") return { status: 404, json: { error: "Not Found" } };
    const body = request.body as { q?: unknown; source?: string; target?: string; api_key?: string } | null;
    if (options.apiKey && body?.api_key !== options.apiKey) return { status: 403, json: { error: "Invalid API key" } };
    if (!body?.q || !body.source || !body.target) return { status: 400, json: { error: "Invalid request: missing parameter" } };
    if (!options.codes.includes(body.source) || !options.codes.includes(body.target)) {
      return { status: 400, json: { error: `${body.target} is not supported` } };
    }
    const target = body.target;
    const translatedText = Array.isArray(body.q)
      ? body.q.map((t) => fakeTranslation(target, String(t)))
      : fakeTranslation(target, String(body.q));
    return { status: 200, json: { translatedText } };
  };
}

/** DeepL's /v2/translate: 403 without the right key, { translations: [{ detected_source_language, text }] }. */
export function deeplBehaviour(options: { apiKey: string }): StandInHandler {
  return (request) => {
    if (request.method !== "POST" || request.path !== "/v2/translate") return { status: 404, json: { message: "Not found" } };
    if (request.headers.authorization !== `DeepL-Auth-Key ${options.apiKey}`)
      return { status: 403, json: { message: "Forbidden" } };
    const body = request.body as { text?: unknown; source_lang?: string; target_lang?: string } | null;
    if (!Array.isArray(body?.text) || !body.target_lang) return { status: 400, json: { message: "Bad request" } };
    const target = body.target_lang;
    return {
      status: 200,
      json: {
        translations: body.text.map((t) => ({
          detected_source_language: body.source_lang,
          text: fakeTranslation(target, String(t)),
        })),
      },
    };
  };
}

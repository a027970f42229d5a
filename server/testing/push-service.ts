import { createPublicKey, verify } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { Agent, createServer } from "node:https";
import type { LookupFunction } from "node:net";

import { selfSignedCertificate } from "./self-signed-certificate.ts";

/** One push request as the stand-in received it. */
export type ReceivedPush = { token: string; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A push service stand-in for tests: real HTTPS (a self-signed certificate made for the run) on
 * loopback, under the name `push.test`. Subscribe with `endpoint(token)`, pass `agent` to the sender
 * (it resolves push.test to the stand-in and trusts its certificate, and nothing else), and read what
 * arrives in `received`.
 */
export type PushService = {
  /** The stand-in's origin, https://push.test:<port>. */
  origin: string;
  /** An endpoint of this push service: one browser's subscription. */
  endpoint(token: string): string;
  agent: Agent;
  received: ReceivedPush[];
  /** Answer requests to `token` with `status` from now on (201 unless told); "hang": read them and never answer. */
  answer(token: string, status: number | "hang"): void;
  close(): Promise<void>;
};

const HOST = "push.test";

/** Starts the stand-in; call `close()` in afterAll. */
export async function startPushService(): Promise<PushService> {
  const { key, cert } = selfSignedCertificate(HOST);
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number | "hang">();
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const token = (request.url ?? "").split("/").pop() ?? "";
      received.push({ token, headers: request.headers, body: Buffer.concat(chunks) });
      const answer = answers.get(token) ?? 201;
      if (answer !== "hang") response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("push service stand-in has no port");
  const loopback: LookupFunction = (hostname, options, callback) => {
    if (hostname !== HOST) return callback(new Error(`the stand-in's agent knows only ${HOST}`), "", 0);
    if (options.all) return callback(null, [{ address: "127.0.0.1", family: 4 }]);
    callback(null, "127.0.0.1", 4);
  };
  const agent = new Agent({ ca: cert, lookup: loopback });
  const origin = `https://${HOST}:${address.port}`;
  return {
    origin,
    endpoint: (token) => `${origin}/push/v1/${token}`,
    agent,
    received,
    answer: (token, status) => answers.set(token, status),
    close: () =>
      new Promise<void>((resolve, reject) => {
        agent.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * The claims of a VAPID `Authorization` header (RFC 8292: `vapid t=<JWT>, k=<public key>`) after
 * checking, as a push service does, that the JWT is ES256-signed by the key `k` names.
 */
export function verifyVapid(authorization: string | undefined): { key: string; claims: Record<string, unknown> } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [header = "", payload = "", signature = ""] = match[1].split(".");
  const point = Buffer.from(match[2], "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the VAPID JWT's signature does not verify with its key");
  const alg = (JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string }).alg;
  if (alg !== "ES256") throw new Error(`VAPID JWT alg ${alg}`);
  return { key: match[2], claims: JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown> };
}

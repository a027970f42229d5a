// A TCP proxy on loopback in front of a peer (Postgres, the S3 server, the SMTP sink, an instance) whose
// fault can be switched while clients are connected: the peer as its clients see it in an outage, for
// the fault suite and the tests of outages (docs/decisions/062, 064, 067).
import net from "node:net";

import { freePort } from "./free-port.ts";

/**
 * - `none`: bytes pass both ways.
 * - `down`: nothing listens on the port (connections refused) and open connections are cut: a stopped peer.
 * - `stall`: connections are accepted and held, and open ones go silent: nothing arrives either way (a
 *   hung peer). Leaving the stall cuts the held connections, as a peer's restart would.
 * - `swallow-answers`: what clients send reaches the peer, and the peer's answers are dropped: an answer
 *   lost on its way back (a proxy's timeout, a dropped connection after the commit).
 */
export type Fault = "none" | "down" | "stall" | "swallow-answers";

export type FaultProxy = {
  /** The proxy's address: 127.0.0.1:<port>. */
  host: string;
  port: number;
  fault(): Fault;
  /** Connections the proxy accepted since it started (held ones included). */
  readonly accepted: number;
  /** Switches the fault; resolves once the listening socket is closed or open again. */
  set(fault: Fault): Promise<void>;
  /** Resolves when the next answer is dropped under `swallow-answers` (its first bytes). */
  nextSwallowedAnswer(): Promise<void>;
  close(): Promise<void>;
};

type Pair = { client: net.Socket; peer: net.Socket | null; held: boolean };

/** Starts a proxy to `target` (127.0.0.1:port) on a free loopback port, with no fault. */
export async function startFaultProxy(target: { port: number; host?: string }): Promise<FaultProxy> {
  const port = await freePort();
  const pairs = new Set<Pair>();
  let current: Fault = "none";
  let swallowed: (() => void)[] = [];
  let accepted = 0;

  const cut = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.peer?.destroy();
  };

  const server = net.createServer((client) => {
    accepted += 1;
    const pair: Pair = { client, peer: null, held: current === "stall" };
    pairs.add(pair);
    client.on("error", () => cut(pair));
    client.on("close", () => cut(pair));
    if (pair.held) return;
    const peer = net.connect({ port: target.port, host: target.host ?? "127.0.0.1" });
    pair.peer = peer;
    peer.setNoDelay(true);
    client.setNoDelay(true);
    peer.on("error", () => cut(pair));
    peer.on("close", () => cut(pair));
    client.on("data", (chunk) => {
      if (!pair.held) peer.write(chunk);
    });
    peer.on("data", (chunk) => {
      if (pair.held) return;
      if (current === "swallow-answers") {
        const waiting = swallowed;
        swallowed = [];
        for (const resolve of waiting) resolve();
        return;
      }
      client.write(chunk);
    });
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const unlisten = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen();

  return {
    host: `127.0.0.1:${port}`,
    port,
    fault: () => current,
    get accepted() {
      return accepted;
    },
    async set(fault) {
      const was = current;
      if (fault === was) return;
      current = fault;
      if (was === "down") await listen();
      if (was === "stall") for (const pair of [...pairs]) if (pair.held) cut(pair);
      if (fault === "down") {
        const closed = unlisten();
        for (const pair of [...pairs]) cut(pair);
        await closed;
      }
      if (fault === "stall") for (const pair of pairs) pair.held = true;
    },
    nextSwallowedAnswer: () => new Promise<void>((resolve) => swallowed.push(resolve)),
    async close() {
      for (const pair of [...pairs]) cut(pair);
      if (current !== "down") await unlisten();
    },
  };
}

import net from "node:net";

/**
 * What the proxy does to Postgres's traffic: pass it, refuse it (the server is down: open connections
 * are reset and new ones refused), or hang it (the server or the network stalls: nothing more is
 * passed either way, and new connections are accepted but never answered).
 */
export type FaultMode = "pass" | "refuse" | "hang";

export type FaultProxy = {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url(databaseUrl: string): string;
  set(mode: FaultMode): Promise<void>;
  close(): Promise<void>;
};

/** Passes a pair's bytes both ways, or stops reading either side (what is sent waits in the kernel). */
function flow({ client, upstream }: { client: net.Socket; upstream: net.Socket | null }, passing: boolean) {
  if (!upstream) return;
  if (passing) {
    client.pipe(upstream);
    upstream.pipe(client);
  } else {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  }
}

/**
 * A TCP proxy on loopback in front of a Postgres server, for tests of outages without stopping the
 * shared server (docs/decisions/062). A hang pauses both directions, as a stalled peer does; passing
 * again resumes them where they stopped, as TCP does when a partition heals.
 */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = "pass";
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();
  const server = net.createServer((client) => {
    const pair: { client: net.Socket; upstream: net.Socket | null } = { client, upstream: null };
    pairs.add(pair);
    client.on("error", () => {});
    client.on("close", () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (mode === "refuse") return client.resetAndDestroy();
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on("error", () => client.destroy());
    upstream.on("close", () => client.destroy());
    if (mode === "pass") flow(pair, true);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fault proxy: no port");
  const port = address.port;
  const listening = () => server.listening;
  return {
    url(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    async set(next) {
      mode = next;
      for (const { client, upstream } of pairs) {
        if (next === "refuse") {
          client.resetAndDestroy();
          upstream?.destroy();
        } else {
          flow({ client, upstream }, next === "pass");
        }
      }
      // Refused: nothing listens on the port any more; passing or hanging: it listens again.
      if (next === "refuse" && listening()) await new Promise<void>((resolve) => server.close(() => resolve()));
      if (next !== "refuse" && !listening()) await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream?.destroy();
      }
      if (listening()) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

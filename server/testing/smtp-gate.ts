import net, { type AddressInfo } from "node:net";

/** How the gate treats a new connection: pass it to the peer, refuse it (nothing listens), or accept and say nothing. */
export type GateMode = "up" | "down" | "hang";

/**
 * A TCP gate on loopback in front of an SMTP peer, to put the mail server down or make it hang at a
 * fixed address (SMTP_URL does not change): "down" closes the port (connection refused), "hang"
 * accepts and never greets, "up" pipes every byte to the peer. Call `close()` in afterAll.
 */
export type SmtpGate = {
  url: string;
  set(mode: GateMode): Promise<void>;
  /** Connections the gate accepted since it started (hung ones included). */
  readonly accepted: number;
  close(): Promise<void>;
};

export async function startSmtpGate(peerUrl: string): Promise<SmtpGate> {
  const peer = new URL(peerUrl);
  const sockets = new Set<net.Socket>();
  let mode: GateMode = "up";
  let accepted = 0;
  const server = net.createServer((client) => {
    accepted += 1;
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    if (mode === "hang") return;
    const upstream = net.connect(Number(peer.port), peer.hostname);
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const unlisten = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen(0);
  const { port } = server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    get accepted() {
      return accepted;
    },
    async set(next) {
      if (next === mode) return;
      const wasListening = mode !== "down";
      mode = next;
      if (next === "down" && wasListening) {
        for (const socket of sockets) socket.destroy();
        await unlisten();
      } else if (next !== "down" && !wasListening) {
        await listen(port);
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (mode !== "down") await unlisten();
    },
  };
}

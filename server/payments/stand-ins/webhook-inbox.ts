import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { rawBody: string; headers: IncomingHttpHeaders; remoteAddress: string | undefined };

/**
 * Our side of a webhook for tests and local runs: a loopback HTTP server that answers 200 and keeps
 * each request as received (bytes, headers, sender's address), for `verifyWebhook` to judge.
 */
export async function startWebhookInbox(): Promise<{ url: string; received: ReceivedWebhook[]; close(): Promise<void> }> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        rawBody: Buffer.concat(chunks).toString("utf8"),
        headers: req.headers,
        remoteAddress: req.socket.remoteAddress,
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Submits a provider page's card form as a browser would, and answers where it was sent back to. */
export async function submitCard(
  pageUrl: string,
  card: string,
): Promise<{ status: number; location: string | null; body: string }> {
  const response = await fetch(pageUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card }).toString(),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

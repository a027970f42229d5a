import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loadConfig } from "../config.ts";
import { s3FileStore } from "./s3-file-store.ts";

/** A bucket that stalls: a loopback server that accepts each connection and never answers. */
let stalled: net.Server;
let endpoint: string;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  stalled = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(stalled.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => stalled.close(resolve));
});

const store = (requestMs: number) =>
  s3FileStore({
    bucket: "daywork-test",
    endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
    timeouts: { connectMs: 1_000, requestMs },
  });

describe("S3 request timeouts (docs/decisions/060)", () => {
  it("reads S3_CONNECT_TIMEOUT_MS and S3_REQUEST_TIMEOUT_MS, 3 s and 10 s by default", () => {
    const base = { NODE_ENV: "test", DATA_DIR: "./.data-test", S3_BUCKET: "daywork-files" } as const;
    expect(loadConfig(base).s3?.timeouts).toEqual({ connectMs: 3_000, requestMs: 10_000 });
    expect(loadConfig({ ...base, S3_CONNECT_TIMEOUT_MS: "500", S3_REQUEST_TIMEOUT_MS: "2500" }).s3?.timeouts).toEqual({
      connectMs: 500,
      requestMs: 2_500,
    });
  });

  // Without a request timeout each call waits as long as the bucket stalls (here: forever, the test's own timeout).
  it.each([
    ["stores", (s: ReturnType<typeof store>) => s.put("chat/stalled.webp", Buffer.from("image"))],
    ["reads", (s: ReturnType<typeof store>) => s.open("chat/stalled.webp")],
  ])(
    "fails a call that %s once a stalled bucket outlasts the timeout, its one retry included",
    async (_name, call) => {
      const files = store(300);
      try {
        const started = performance.now();
        await expect(call(files)).rejects.toThrow();
        const ms = performance.now() - started;
        // Two attempts of 300 ms and a retry delay; generous for a loaded machine, far below a stall.
        expect(ms).toBeGreaterThanOrEqual(300);
        expect(ms).toBeLessThan(8_000);
      } finally {
        files.close();
      }
    },
    15_000,
  );
});

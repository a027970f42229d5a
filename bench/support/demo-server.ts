// The built app as `npm start` runs it (the compiled server, dist/.server), on a fresh embedded database
// with the demo data, for the benches that drive a browser (first screens, Lighthouse). `url` set: that
// server is used instead.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { SERVER_OUT_DIR, serverEntry } from "../../scripts/build-server.ts";

export type DemoServer = { url: string; stop: () => void };

export async function startDemoServer(p: {
  port: number;
  /** A server already running, with the demo data. */
  url?: string;
  /** Names the temporary data folder. */
  name: string;
  env?: Record<string, string>;
}): Promise<DemoServer> {
  if (p.url) return { url: p.url, stop: () => {} };
  const server = spawn(process.execPath, ["--enable-source-maps", serverEntry(SERVER_OUT_DIR)], {
    env: {
      ...process.env,
      PORT: String(p.port),
      PUBLIC_URL: `http://localhost:${p.port}`,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `daywork-${p.name}-`)),
      LOG_LEVEL: "warn",
      EXCHANGE_RATES_URL: "off",
      ...p.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://localhost:${p.port}`;
  // Migrating and seeding a fresh database takes a while on a busy machine: up to two minutes.
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, stop: () => server.kill() };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error("the server did not start within two minutes");
}

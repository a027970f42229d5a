// A Daywork instance as a deployment runs it: the compiled server (`npm run build:server`) in a child process of its own, so a
// kill -9 is a real one (docs/decisions/067).
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { SERVER_OUT_DIR, serverEntry } from "../scripts/build-server.ts";
import { freePort } from "../server/testing/free-port.ts";

const REPO = fileURLToPath(new URL("..", import.meta.url));

export type InstanceProcess = {
  name: string;
  /** http://127.0.0.1:<port> */
  http: string;
  /** ws://127.0.0.1:<port>/api/trpc */
  ws: string;
  port: number;
  /** Resolves once GET /api/ready answers 200 (ready or degraded); rejects if the process ends first. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGKILL, and resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a rolling restart's stop), and resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Whether the process still runs. */
  running(): boolean;
  /** The end of what the instance logged (for a failing test's message). */
  logTail(lines?: number): string;
};

/**
 * Starts an instance on a free loopback port with exactly `env` on top of PATH and HOME (none of the
 * developer's DATABASE_URL, TEST_DATABASE_URL, … leaks in). Its output goes to `<dataDir>/instance.log`.
 */
export async function startInstanceProcess(name: string, env: Record<string, string>, dataDir: string): Promise<InstanceProcess> {
  const port = await freePort();
  const logFile = path.join(dataDir, "instance.log");
  const out = openSync(logFile, "a");
  const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", serverEntry(SERVER_OUT_DIR)], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? dataDir,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", out, out],
  });
  closeSync(out);
  // Never outlive the test process, however it ends.
  const orphaned = () => child.kill("SIGKILL");
  process.once("exit", orphaned);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      process.off("exit", orphaned);
      resolve(code);
    }),
  );
  const http = `http://127.0.0.1:${port}`;

  const logTail = (lines = 40) => {
    try {
      return readFileSync(logFile, "utf8").split("\n").slice(-lines).join("\n");
    } catch {
      return "(no log)";
    }
  };
  const running = () => child.exitCode === null && child.signalCode === null;

  return {
    name,
    http,
    ws: `ws://127.0.0.1:${port}/api/trpc`,
    port,
    async ready(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (!running()) throw new Error(`instance ${name} ended (${child.exitCode ?? child.signalCode}):\n${logTail()}`);
        const status = await fetch(`${http}/api/ready`, { signal: AbortSignal.timeout(3000) }).then(
          (res) => res.status,
          () => 0,
        );
        if (status === 200) return;
        if (Date.now() > deadline) throw new Error(`instance ${name} not ready within ${timeoutMs} ms:\n${logTail()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async kill() {
      if (running()) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (running()) child.kill("SIGTERM");
      return exited;
    },
    running,
    logTail,
  };
}

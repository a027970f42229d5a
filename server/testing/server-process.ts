import { spawn } from "node:child_process";
import { expect, vi } from "vitest";

import { freePort } from "./free-port.ts";

/** The server in a process of its own (its sources or its build), as a deployment starts it. */
export type ServerProcess = {
  port: number;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with its exit code. */
  exited: Promise<number | null>;
  /** Its exit code, or null while it runs. */
  exitCode(): number | null;
  /** Resolves once GET /api/ready answers 200; rejects with its output if it ended first. */
  ready(timeoutMs?: number): Promise<void>;
  stop(): void;
};

/**
 * Starts `node <args>` on a free loopback port with this process's environment plus `env` (and PORT,
 * HOST, PUBLIC_URL for that port): instance-start.test.ts runs the sources, build-server.test.ts the build.
 */
export async function startServerProcess(args: string[], env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const printed: string[] = [];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://localhost:${port}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => printed.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => printed.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const output = () => printed.join("");
  return {
    port,
    output,
    exited,
    exitCode: () => child.exitCode,
    ready: (timeoutMs = 60_000) =>
      vi.waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`the server ended (${child.exitCode}):\n${output()}`);
          const status = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
            (res) => res.status,
            () => 0,
          );
          expect(status).toBe(200);
        },
        { timeout: timeoutMs, interval: 100 },
      ),
    stop: () => child.kill("SIGTERM"),
  };
}

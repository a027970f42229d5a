// Start-up: how long a server instance takes, on a database already migrated, to answer GET /api/ready
// with 200, as a replacement instance or `npm start` the second time. Each run is a fresh process as in
// production (NODE_ENV=production); its CPU (user + system, every thread, /proc) and peak RSS are read
// the moment it is ready. The same server three ways, alternating: from its sources on Node's type
// stripping (`node server/main.ts`, before decision 066), compiled (`node dist/.server/main.js`, what
// `npm start` and the container run) on its first start, and compiled again with Node's compile cache
// warm (NODE_COMPILE_CACHE, as a restart finds it). Then where each spends its time, step by step (the
// instance's own log line), and the first screen's render module loaded on its own.
//
//   npm run bench:start
// Environment (all optional):
//   BENCH_RUNS          starts of each kind per database (default 5)
//   DATABASE_URL        also on this Postgres database (migrated first; its data is left alone)
//   BENCH_SKIP_BUILD=1  use dist/.server as it is (default: compile the server first)
// The embedded database is a temporary folder, migrated and given the demo data by a first start (as a
// newcomer's `npm start`). The first screen's render is loaded when `npm run build` has made dist/.
// Bounded: each start has 60 s (the first, which migrates and seeds, 5 minutes); a few minutes in all.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { buildServer, SERVER_OUT_DIR, serverEntry } from "../scripts/build-server.ts";
import type { StartStep } from "../server/ops/start-timings.ts";
import { fmt } from "./support/load.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = 3000 + (process.pid % 1000) + 7000;
const STATIC_DIR = "dist";
const CLOCK_TICKS = 100;

type Kind = "sources" | "compiled" | "cached";
const KINDS: Kind[] = ["sources", "compiled", "cached"];
type Run = { cpuMs: number; wallMs: number; rssMb: number; steps: Record<string, StartStep> };

const ENTRY: Record<Kind, string[]> = {
  sources: ["server/main.ts"],
  compiled: ["--enable-source-maps", serverEntry(SERVER_OUT_DIR)],
  cached: ["--enable-source-maps", serverEntry(SERVER_OUT_DIR)],
};
/** Node's compile cache for the "cached" starts, warmed by the first start (as `npm start` and the container keep one). */
const compileCache = mkdtempSync(path.join(os.tmpdir(), "daywork-bench-compile-cache-"));

/** The CPU time (ms, all threads) and peak RSS (MB) of process `pid` so far, from /proc (Linux). */
function usage(pid: number): { cpuMs: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return { cpuMs: (ticks * 1000) / CLOCK_TICKS, rssMb: Number(peak?.[1] ?? Number.NaN) / 1024 };
}

/** Starts the server `kind` on `env`'s database, waits for /api/ready to answer 200, measures, stops it. */
async function start(kind: Kind, env: Record<string, string>, timeoutMs = 60_000): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, ENTRY[kind], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${PORT}`,
      STATIC_DIR,
      LOG_LEVEL: "info",
      EXCHANGE_RATES_URL: "off",
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
      NODE_COMPILE_CACHE: kind === "cached" ? compileCache : "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the ${kind} server exited with ${child.exitCode}:\n${output}`);
      if (performance.now() - started > timeoutMs)
        throw new Error(`the ${kind} server was not ready in ${timeoutMs} ms:\n${output}`);
      const ready = await fetch(`http://127.0.0.1:${PORT}/api/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const wallMs = performance.now() - started;
    const { cpuMs, rssMb } = usage(child.pid ?? 0);
    // The instance logs its steps just after listening, which may be after its first answer.
    while (!output.includes('"start":') && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 10));
    const line = output.split("\n").find((l) => l.includes('"start":'));
    const steps = line ? (JSON.parse(line) as { start: { steps: Record<string, StartStep> } }).start.steps : {};
    return { cpuMs, wallMs, rssMb, steps };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const ratio = (a: Run[], b: Run[], field: "cpuMs" | "wallMs") =>
  (median(a.map((x) => x[field])) / median(b.map((x) => x[field]))).toFixed(2);

/** RUNS starts of each kind, alternating, on one database; prints the medians and the compiled start's steps. */
async function compare(database: string, env: Record<string, string>) {
  const runs: Record<Kind, Run[]> = { sources: [], compiled: [], cached: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const kind of KINDS) runs[kind].push(await start(kind, env));
  }
  console.log(`\n${database}: ${RUNS} starts of each, medians (min-max)`);
  console.log(`${"".padEnd(10)}${"CPU ms".padStart(18)}${"wall ms".padStart(18)}${"peak RSS MB".padStart(16)}`);
  const range = (values: number[]) =>
    `${fmt(median(values), 0, 6)} (${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))})`.padStart(18);
  for (const kind of KINDS) {
    const r = runs[kind];
    console.log(
      `${kind.padEnd(10)}${range(r.map((x) => x.cpuMs))}${range(r.map((x) => x.wallMs))}${fmt(median(r.map((x) => x.rssMb)), 0, 16)}`,
    );
  }
  console.log(
    `compiled / sources: CPU ${ratio(runs.compiled, runs.sources, "cpuMs")}, wall ${ratio(runs.compiled, runs.sources, "wallMs")}; ` +
      `cached / sources: CPU ${ratio(runs.cached, runs.sources, "cpuMs")}, wall ${ratio(runs.cached, runs.sources, "wallMs")}`,
  );
  for (const kind of KINDS) {
    const names = Object.keys(runs[kind][0]?.steps ?? {});
    const step = (name: string, field: keyof StartStep) => median(runs[kind].map((x) => x.steps[name]?.[field] ?? Number.NaN));
    console.log(
      `${kind}, step by step (median ms of CPU / wall): ${names.map((n) => `${n} ${step(n, "cpuMs")}/${step(n, "ms")}`).join(", ")}`,
    );
  }
}

/** The CPU a fresh Node spends importing the first screen's render module (dist/.ssr), median of RUNS. */
async function renderModuleLoad(): Promise<number | null> {
  const file = path.resolve(STATIC_DIR, ".ssr", "entry-server.js");
  if (!existsSync(file)) return null;
  const script = `const u0 = process.cpuUsage(); await import(${JSON.stringify(file)}); const u = process.cpuUsage(u0); console.log((u.user + u.system) / 1000);`;
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => child.once("exit", resolve));
    samples.push(Number(out.trim()));
  }
  return median(samples);
}

if (process.env.BENCH_SKIP_BUILD !== "1") {
  const t0 = performance.now();
  await buildServer();
  console.log(`server compiled into ${SERVER_OUT_DIR} in ${Math.round(performance.now() - t0)} ms`);
}
if (!existsSync(path.join(STATIC_DIR, "index.html")))
  console.log("(no dist/: run `npm run build` to include the web app's pages)");

const dataDir = mkdtempSync(path.join(os.tmpdir(), "daywork-bench-start-"));
try {
  // The first start migrates the embedded database and gives it the demo data; the measured ones find it done.
  await start("cached", { DATA_DIR: dataDir, DATABASE_URL: "" }, 300_000);
  await compare("embedded database (PGlite, demo data)", { DATA_DIR: dataDir, DATABASE_URL: "" });
  if (process.env.DATABASE_URL) {
    await start("cached", { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL }, 300_000);
    await compare("Postgres (DATABASE_URL)", { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL });
  }
  const render = await renderModuleLoad();
  console.log(
    render === null
      ? "\nfirst screen's render module: not built"
      : `\nfirst screen's render module (dist/.ssr), imported alone: ${render.toFixed(0)} ms of CPU (median), loaded beside the start, not awaited by it`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(compileCache, { recursive: true, force: true });
}

// A Postgres cluster of the fault suite's own, in a temporary folder on a free port: the suite stops,
// restarts and freezes it, so it must never be the developer's server (docs/decisions/067).
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { chown, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";

import { freePort } from "../server/testing/free-port.ts";

const run = promisify(execFile);

export type ThrowawayPostgres = {
  /** postgres://postgres@127.0.0.1:<port>/daywork, a database made for the suite (empty: nothing migrated). */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: sessions are ended, new connections refused. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** SIGSTOP to the postmaster and every backend: connections open, nothing answers (a hung server). */
  freeze(): void;
  /** SIGCONT to all of them. */
  thaw(): void;
  /** Stops it however it is and removes its folder. */
  destroy(): Promise<void>;
};

/** A Postgres program: from PATH, else the newest /usr/lib/postgresql/<version>/bin (Debian's layout). */
function pgProgram(name: string): string {
  const fromPath = (process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, name));
  const debian = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql")
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join("/usr/lib/postgresql", version, "bin", name))
    : [];
  const found = [...fromPath, ...debian].find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`${name} not found on PATH or in /usr/lib/postgresql/*/bin`);
  return found;
}

/** Postgres refuses to run as root: as root, run its programs as the `postgres` OS user. */
function asPostgres(program: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ["runuser", ["-u", "postgres", "--", pgProgram(program), ...args]]
    : [pgProgram(program), args];
}

async function pg(program: string, args: string[]): Promise<void> {
  const [file, argv] = asPostgres(program, args);
  await run(file, argv, { timeout: 60_000 });
}

/** The postmaster's pid and its children's (the backends), read from postmaster.pid and /proc. */
function clusterPids(dataDir: string): number[] {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return [];
  const postmaster = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // pid (comm) state ppid …; comm may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/**
 * initdb into a fresh temporary folder (owned by `postgres` when we are root), start on a free loopback
 * port with its socket in that folder, and create the database `daywork`. Durability is off (fsync):
 * the suite kills processes, never the machine. The cluster is stopped and removed at `destroy()`, and
 * also if the test process exits without it.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const root = await mkdtemp(path.join(os.tmpdir(), "daywork-faults-pg-"));
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    await chown(root, Number(stdout), Number(gid));
  }
  const dataDir = path.join(root, "data");
  const port = await freePort();
  await pg("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
  ].join(" ");
  const start = () =>
    pg("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(root, "postgres.log"), "-w", "-t", "30", "start"]);
  await start();

  let frozen = false;
  const signal = (sig: NodeJS.Signals) => {
    for (const pid of clusterPids(dataDir)) {
      try {
        process.kill(pid, sig);
      } catch {
        // Gone meanwhile (a backend that ended).
      }
    }
  };
  const thaw = () => {
    if (!frozen) return;
    signal("SIGCONT");
    frozen = false;
  };
  // Whatever happens to the test process: an immediate shutdown (SIGQUIT) and the folder removed.
  const leftover = () => {
    if (frozen) signal("SIGCONT");
    const [postmaster] = clusterPids(dataDir);
    if (postmaster) process.kill(postmaster, "SIGQUIT");
    rmSync(root, { recursive: true, force: true });
  };
  process.once("exit", leftover);

  const admin = postgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {} });
  await admin`create database daywork`;
  await admin.end();

  return {
    url: `postgres://postgres@127.0.0.1:${port}/daywork`,
    port,
    stop: () => pg("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]),
    start,
    freeze() {
      // The postmaster first, so it forks no new backend while the others are stopped.
      signal("SIGSTOP");
      frozen = true;
    },
    thaw,
    async destroy() {
      thaw();
      if (existsSync(path.join(dataDir, "postmaster.pid"))) await pg("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      process.off("exit", leftover);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

// The subscribers of bench/chat-fanout.ts in a process of their own: their work (a thousand sockets'
// frames, tRPC's client, superjson) then runs beside the server's event loop instead of on it, as on a
// site where they are a thousand phones. Each receipt is timed where it happens (wallNow(), comparable
// across processes on one machine) and reported to the bench in batches over IPC.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

import { bareClients, subscribe, wallNow, type BenchPerson, type SubscriberClient } from "./chat.ts";

export type ClientsSpec =
  | {
      kind: "app";
      wsUrls: string[];
      origin: string;
      people: BenchPerson[];
      subscribers: number;
      conversationId: string;
      client: SubscriberClient;
    }
  | { kind: "bare"; url: string; subscribers: number };

type FromClients = { type: "started" } | { type: "receipts"; receipts: [id: number, at: number][] };

/**
 * Opens `spec.subscribers` clients in a child process: the app's (tRPC subscriptions to the conversation,
 * as the SPA makes them) or bare `ws` sockets. Resolves once every one is listening; `onReceipt` gets
 * each message's id and the wall time its client had it.
 */
export async function clientsInOwnProcess(spec: ClientsSpec, onReceipt: (id: number, at: number) => void) {
  const child = fork(fileURLToPath(import.meta.url), ["--clients"], { execArgv: ["--import", "tsx"] });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the clients' process ended (exit ${code})`)));
    child.on("message", (message: FromClients) => {
      if (message.type === "started") resolve();
      else for (const [id, at] of message.receipts) onReceipt(id, at);
    });
    child.send(spec);
  });
  return {
    close: async () => {
      child.removeAllListeners("exit");
      child.kill();
    },
  };
}

async function runClients(spec: ClientsSpec): Promise<void> {
  let pending: [number, number][] = [];
  const flush = () => {
    process.send?.({ type: "receipts", receipts: pending } satisfies FromClients);
    pending = [];
  };
  const received = (id: number) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push([id, wallNow()]);
  };
  if (spec.kind === "app") await subscribe({ ...spec, onMessage: received });
  else await bareClients(spec.url, spec.subscribers, received);
  process.send?.({ type: "started" } satisfies FromClients);
}

if (process.argv[2] === "--clients") process.once("message", (spec: ClientsSpec) => void runClients(spec));

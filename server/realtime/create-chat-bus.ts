import type postgres from "postgres";

import type { BusLogger, ChatEventBus } from "./chat-bus.ts";
import { createInProcessChatBus } from "./in-process-chat-bus.ts";
import { createPostgresChatBus } from "./postgres-chat-bus.ts";

/** One JSON line per event on stdout, as pino (and services.log) write them. */
const jsonLinesLogger: BusLogger = {
  warn: (fields, msg) => process.stdout.write(`${JSON.stringify({ level: 40, time: Date.now(), ...fields, msg })}\n`),
  error: (fields, msg) => process.stdout.write(`${JSON.stringify({ level: 50, time: Date.now(), ...fields, msg })}\n`),
};

/**
 * The chat bus for an opened database: Postgres LISTEN/NOTIFY when there is a postgres.js client (so
 * every instance on that database hears every message), in-process on PGlite.
 */
export async function createChatBus(sql: postgres.Sql | null, log: BusLogger = jsonLinesLogger): Promise<ChatEventBus> {
  return sql ? createPostgresChatBus(sql, { log }) : createInProcessChatBus();
}

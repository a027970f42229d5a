import { EventEmitter } from "node:events";
import postgres from "postgres";

import { withTimeout } from "../ops/timeout.ts";
import type { BusLogger, ChatBusEvent, ChatEventBus } from "./chat-bus.ts";

export const CHAT_CHANNEL = "daywork_chat";
/** application_name of the LISTEN connection (tests find and terminate it by this name). */
export const CHAT_LISTENER_APP_NAME = "daywork-chat-listener";

export type PostgresChatBusOptions = {
  log: BusLogger;
  /** Wait before the n-th attempt to LISTEN again after the connection dropped. */
  retryDelayMs?: (attempt: number) => number;
  /** How long LISTEN, or a readiness round trip, may take before the connection is given up (5 s). */
  answerTimeoutMs?: number;
};

const PAYLOAD = /^([0-9a-f-]{36}):(\d{1,15})$/;

/**
 * The chat bus across instances: NOTIFY through the pool, LISTEN on a connection of our own that is re-LISTENed
 * until it succeeds and then tells subscribers to resync: postgres.js's `sql.listen` retries once, then stays
 * silent.
 */
export async function createPostgresChatBus(sql: postgres.Sql, options: PostgresChatBusOptions): Promise<ChatEventBus> {
  const { log } = options;
  const retryDelayMs = options.retryDelayMs ?? ((attempt: number) => Math.min(5_000, 100 * 2 ** attempt));
  const answerTimeoutMs = options.answerTimeoutMs ?? 5_000;
  const emitter = new EventEmitter<Record<string, [ChatBusEvent]>>();
  emitter.setMaxListeners(0);
  let closed = false;

  const dispatch = (payload: string) => {
    const match = PAYLOAD.exec(payload);
    if (!match?.[1] || !match[2]) return log.warn({ payload }, "chat bus: ignored a malformed notification");
    emitter.emit(match[1], { kind: "message", messageId: Number(match[2]) });
  };
  const resyncAll = () => {
    for (const name of emitter.eventNames()) emitter.emit(name as string, { kind: "resync" });
  };

  // The same connection settings as the pool (postgres.js builds its own listener the same way), one
  // connection that never idles out, with a fresh `shared` so its retry counter is its own. A client
  // whose LISTEN failed is replaced by a new one: postgres.js can leave a connection whose query failed
  // while it was being terminated wedged, every later query waiting forever.
  const openListener = () => {
    const client: postgres.Sql = postgres({
      ...sql.options,
      max: 1,
      idle_timeout: null,
      max_lifetime: null,
      fetch_types: false,
      connection: { ...sql.options.connection, application_name: CHAT_LISTENER_APP_NAME },
      parameters: {},
      shared: { retries: 0, typeArrayMap: {} },
      onnotify: (channel: string, payload: string) => {
        if (channel === CHAT_CHANNEL && !closed && client === listener) dispatch(payload);
      },
      onclose: () => {
        // A replaced client closing is not news.
        if (client !== listener) return;
        listening = false;
        if (!closed) relisten();
      },
    } as unknown as postgres.Options<Record<string, never>>);
    return client;
  };
  let listener = openListener();
  // False from a drop of the LISTEN connection until LISTEN succeeds again (GET /api/ready reads it).
  let listening = false;
  const listen = async () => {
    const client = listener;
    const listened = client.unsafe(`LISTEN ${CHAT_CHANNEL}`);
    // A wedged client's query may settle only when the client is ended: nothing waits for it then.
    listened.catch(() => undefined);
    await withTimeout(listened, answerTimeoutMs, "chat bus: LISTEN");
    if (client === listener) listening = true;
  };
  /** Ends the current client and opens a new one (after a failed LISTEN). */
  const replaceListener = () => {
    const old = listener;
    listener = openListener();
    void old.end({ timeout: 0 }).catch(() => undefined);
  };

  let needsListen = false;
  let relistening = false;
  function relisten() {
    needsListen = true;
    if (relistening) return;
    relistening = true;
    void (async () => {
      let attempt = 0;
      while (needsListen && !closed) {
        needsListen = false;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
        if (closed) break;
        try {
          await listen();
          log.warn({ attempts: attempt + 1 }, "chat bus: LISTEN connection re-established; subscribers re-read");
          resyncAll();
          attempt = 0;
        } catch (err) {
          attempt += 1;
          needsListen = true;
          if (!closed) replaceListener();
          log.warn({ err, attempt }, "chat bus: LISTEN failed, retrying");
        }
      }
      relistening = false;
    })();
  }

  /**
   * A round trip on the LISTEN connection itself, so a connection dropped since is noticed now. One that
   * fails or does not answer in time is replaced and LISTENed again: a wedged client never reports its
   * own close, and nothing else would notice that it hears nothing.
   */
  let probe: Promise<void> | undefined;
  const probeListener = async () => {
    const client = listener;
    const answered = client.unsafe("select 1");
    answered.catch(() => undefined);
    try {
      await withTimeout(answered, answerTimeoutMs, "chat bus: a round trip on the LISTEN connection");
    } catch (err) {
      if (client === listener && !closed) {
        listening = false;
        replaceListener();
        relisten();
      }
      throw err;
    }
  };

  await listen();

  return {
    async publish(conversationId, messageId) {
      if (closed) return;
      try {
        await sql.notify(CHAT_CHANNEL, `${conversationId}:${messageId}`);
      } catch (err) {
        // The message is committed; only the live push failed. This instance's subscribers still hear of it
        // now; other instances' catch up on their next event or periodic re-read, and clients on reconnect.
        log.error({ err, conversationId, messageId }, "chat bus: NOTIFY failed");
        emitter.emit(conversationId, { kind: "message", messageId });
      }
    },
    subscribe(conversationId, fn) {
      emitter.on(conversationId, fn);
      return () => emitter.off(conversationId, fn);
    },
    async close() {
      if (closed) return;
      closed = true;
      emitter.removeAllListeners();
      await listener.end({ timeout: 1 });
    },
    async ready() {
      if (closed || !listening) throw new Error("chat bus: not listening");
      probe ??= probeListener().finally(() => (probe = undefined));
      await probe;
      if (!listening) throw new Error("chat bus: not listening");
    },
  };
}

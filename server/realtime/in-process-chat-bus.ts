import { EventEmitter } from "node:events";

import type { ChatBusEvent, ChatEventBus } from "./chat-bus.ts";

/**
 * The bus of a single server process (PGlite is single-process): a typed EventEmitter keyed by
 * conversation id. Listeners run synchronously in `publish`, so they must only schedule work.
 */
export function createInProcessChatBus(): ChatEventBus {
  const emitter = new EventEmitter<Record<string, [ChatBusEvent]>>();
  // One listener per conversation feed, but many feeds: no leak warning for a busy server.
  emitter.setMaxListeners(0);
  let closed = false;
  return {
    async publish(conversationId, messageId) {
      if (!closed) emitter.emit(conversationId, { kind: "message", messageId });
    },
    subscribe(conversationId, listener) {
      emitter.on(conversationId, listener);
      return () => emitter.off(conversationId, listener);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
    },
    async ready() {
      if (closed) throw new Error("chat bus closed");
    },
  };
}

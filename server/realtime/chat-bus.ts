/**
 * What the chat bus carries: "message `messageId` was committed in `conversationId`", or, after the bus
 * may have missed notifications (its LISTEN connection dropped), "re-read everything newer than you have".
 * Subscribers never trust an event's data: they read rows newer than their cursor from the database, so
 * a lost, repeated or reordered event costs a query, never a message.
 */
export type ChatBusEvent = { kind: "message"; messageId: number } | { kind: "resync" };

export type ChatBusListener = (event: ChatBusEvent) => void;

/** Tells the subscribers of a conversation, in this and every other server instance, about new messages. */
export interface ChatEventBus {
  /** Announce a committed message; call it only after the transaction that wrote it has committed. */
  publish(conversationId: string, messageId: number): Promise<void>;
  /** Listen to one conversation's events; returns the function that stops listening. */
  subscribe(conversationId: string, listener: ChatBusListener): () => void;
  /** Stops delivering and releases the connection, if any. */
  close(): Promise<void>;
  /**
   * Resolves when the bus delivers now (its LISTEN connection is up and answers); rejects when it cannot.
   * Read by GET /api/ready; a bus without it (a test's wrapper) counts as ready.
   */
  ready?(): Promise<void>;
}

/** Where a bus reports trouble it cannot hand to a caller (a pino/Fastify logger fits). */
export type BusLogger = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

import { tracked, type TrackedEnvelope } from "@trpc/server";

import type { Database } from "../../db/database.ts";
import type { ChatEventBus } from "../realtime/chat-bus.ts";
import { refusal, type Refusal } from "../refusal.ts";
import type { Services } from "../services.ts";
import { shareSerialisation } from "../trpc/transformer.ts";
import { isParticipant, participantIds } from "./access.ts";
import { latestMessageId, linkSigner, messagesAfter, type ChatMessageView, type LinkSigner } from "./message-view.ts";

/** Rows per database read, for catching up and for the shared feed. */
const PAGE = 100;
/** A live subscriber this far behind stops being fed and reads from its own cursor instead. */
const QUEUE_LIMIT = 500;
/** Re-read each active conversation this often, whatever the bus says (a NOTIFY that failed after commit). */
const RESYNC_EVERY_MS = 15_000;
/** Pause before retrying a feed read that failed (database away). */
const RETRY_AFTER_MS = 1_000;

/**
 * A row as the feed hands it to every live subscriber: one frozen `tracked` message for all of them,
 * which tRPC's transformer serialises once (server/trpc/transformer.ts), not once per subscriber.
 */
type SharedMessage = TrackedEnvelope<Readonly<ChatMessageView>>;

type Subscriber = {
  userId: string;
  /** Catching up reads from the database itself; live is fed by the conversation's feed. */
  mode: "catching-up" | "live";
  /** Highest id yielded to the client. */
  yielded: number;
  /** Live: highest id put in `queue`. */
  queued: number;
  queue: SharedMessage[];
  /** Set when the feed found the subscriber no longer a participant. */
  removed: boolean;
  wake: (() => void) | null;
};

type FeedDeps = { db: Database; bus: ChatEventBus; sign: LinkSigner; log: Services["log"] };

/**
 * One per conversation with subscribers in this process. On each bus event (or resync, or timer) it
 * reads the rows above the lowest live cursor once, with the current participants, and hands each live
 * subscriber the rows it has not had, so a thousand subscribers cost one query per event (and one
 * serialisation per message: `SharedMessage`), and a removed participant is cut off at the next event.
 */
class ConversationFeed {
  readonly subscribers = new Set<Subscriber>();
  private readonly stopListening: () => void;
  private readonly timer: NodeJS.Timeout;
  private readonly conversationId: string;
  private readonly deps: FeedDeps;
  private running = false;
  private again = false;

  constructor(conversationId: string, deps: FeedDeps) {
    this.conversationId = conversationId;
    this.deps = deps;
    this.stopListening = deps.bus.subscribe(conversationId, () => this.refresh());
    this.timer = setInterval(() => this.refresh(), RESYNC_EVERY_MS);
    this.timer.unref();
  }

  /** Reads now, or right after the read in progress (whose cursors may predate this request). */
  refresh(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.drain();
  }

  close(): void {
    this.stopListening();
    clearInterval(this.timer);
  }

  private async drain(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.readOnce();
      } while (this.again && this.subscribers.size > 0);
    } catch (err) {
      this.deps.log.warn({ err: String(err), conversationId: this.conversationId }, "chat feed read failed; retrying");
      setTimeout(() => this.refresh(), RETRY_AFTER_MS).unref();
    } finally {
      this.running = false;
    }
  }

  private async readOnce(): Promise<void> {
    const live = [...this.subscribers].filter((s) => s.mode === "live" && !s.removed);
    if (live.length === 0) return;
    const from = Math.min(...live.map((s) => s.queued));
    const [rows, members] = await Promise.all([
      messagesAfter(this.deps.db, this.conversationId, from, PAGE, this.deps.sign),
      participantIds(this.deps.db, this.conversationId),
    ]);
    const messages = rows.map((row) => tracked(String(row.id), shareSerialisation(row)));
    for (const s of live) {
      const queuedBefore = s.queued;
      if (!members.has(s.userId)) s.removed = true;
      else {
        for (const message of messages) {
          const row = message[1];
          if (row.id <= s.queued) continue;
          if (s.queue.length >= QUEUE_LIMIT) {
            // Too slow a reader: drop its queue and let it read from its own cursor.
            s.mode = "catching-up";
            s.queue = [];
            break;
          }
          s.queue.push(message);
          s.queued = row.id;
        }
      }
      // Woken only with something to do: a read that found nothing new (a resync, a second read after
      // a burst) would otherwise resume every subscriber's generator for nothing.
      if (s.removed || s.mode === "catching-up" || s.queued !== queuedBefore) s.wake?.();
    }
    if (rows.length === PAGE) this.again = true;
  }
}

/** The feeds of one server (one bus and database). */
class FeedRegistry {
  private readonly feeds = new Map<string, ConversationFeed>();
  private readonly deps: FeedDeps;
  constructor(deps: FeedDeps) {
    this.deps = deps;
  }

  /** Adds a subscriber, catching up; the feed (and so the bus subscription) exists before it reads. */
  join(conversationId: string, userId: string): Subscriber {
    let feed = this.feeds.get(conversationId);
    if (!feed) {
      feed = new ConversationFeed(conversationId, this.deps);
      this.feeds.set(conversationId, feed);
    }
    const subscriber: Subscriber = { userId, mode: "catching-up", yielded: 0, queued: 0, queue: [], removed: false, wake: null };
    feed.subscribers.add(subscriber);
    return subscriber;
  }

  /** Caught up: from now on the feed hands it rows above what it has yielded, starting with a read. */
  goLive(conversationId: string, subscriber: Subscriber): void {
    subscriber.mode = "live";
    subscriber.queued = subscriber.yielded;
    this.feeds.get(conversationId)?.refresh();
  }

  leave(conversationId: string, subscriber: Subscriber): void {
    const feed = this.feeds.get(conversationId);
    if (!feed) return;
    feed.subscribers.delete(subscriber);
    subscriber.wake?.();
    if (feed.subscribers.size === 0) {
      feed.close();
      this.feeds.delete(conversationId);
    }
  }
}

const registries = new WeakMap<ChatEventBus, FeedRegistry>();

function registryFor(db: Database, services: Services): FeedRegistry {
  let registry = registries.get(services.chatBus);
  if (!registry) {
    registry = new FeedRegistry({ db, bus: services.chatBus, sign: linkSigner(services), log: services.log });
    registries.set(services.chatBus, registry);
  }
  return registry;
}

/** Resolves when the feed hands the subscriber work, or it is aborted or cut off. */
function nextWork(subscriber: Subscriber): Promise<void> {
  return new Promise((resolve) => {
    subscriber.wake = () => {
      subscriber.wake = null;
      resolve();
    };
  });
}

export type LiveMessagesParams = {
  conversationId: string;
  userId: string;
  /** Yield the messages above this id: `liveMessagesStart`'s answer. */
  after: number;
  signal: AbortSignal | undefined;
};

/**
 * Where a subscription starts: after `lastEventId` (wsLink resuming), else after the conversation's
 * latest message. Settled before the subscription is confirmed as started, so a message sent once the
 * client knows it is listening is always above it. Refused for anyone not a participant.
 */
export async function liveMessagesStart(
  db: Database,
  params: { conversationId: string; userId: string; lastEventId: number | null },
): Promise<number | Refusal<"not_participant">> {
  if (!(await isParticipant(db, params.conversationId, params.userId))) return refusal("not_participant");
  return params.lastEventId ?? (await latestMessageId(db, params.conversationId));
}

/**
 * The `chat.onMessage` stream: checks access, subscribes (to the bus, through the feed) FIRST, then
 * yields the rows above `lastEventId` from the database, then the rows the feed brings, each id once
 * and in id order (a yielded cursor skips anything at or below it). Returns a refusal when the caller
 * is not, or stops being, a participant; nothing when the client stops listening. Each message is
 * `tracked` by its id, so a reconnecting wsLink resumes exactly after the last one it received.
 */
export async function* liveMessages(
  db: Database,
  services: Services,
  params: LiveMessagesParams,
): AsyncGenerator<TrackedEnvelope<ChatMessageView>, Refusal<"not_participant"> | undefined, unknown> {
  const { conversationId, userId, signal } = params;
  const registry = registryFor(db, services);
  const sign = linkSigner(services);
  const subscriber = registry.join(conversationId, userId);
  const onAbort = () => subscriber.wake?.();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    subscriber.yielded = params.after;
    while (!signal?.aborted) {
      if (subscriber.removed) return refusal("not_participant");
      if (subscriber.mode === "catching-up") {
        if (!(await isParticipant(db, conversationId, userId))) return refusal("not_participant");
        const rows = await messagesAfter(db, conversationId, subscriber.yielded, PAGE, sign);
        for (const row of rows) {
          yield tracked(String(row.id), row);
          subscriber.yielded = row.id;
        }
        if (rows.length < PAGE) registry.goLive(conversationId, subscriber);
        continue;
      }
      const message = subscriber.queue.shift();
      if (message) {
        const { id } = message[1];
        if (id > subscriber.yielded) {
          yield message;
          subscriber.yielded = id;
        }
        continue;
      }
      await nextWork(subscriber);
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    registry.leave(conversationId, subscriber);
  }
  return undefined;
}

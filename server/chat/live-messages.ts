import { tracked, type TrackedEnvelope } from "@trpc/server";

import type { Database } from "../../db/database.ts";
import type { ChatEventBus } from "../realtime/chat-bus.ts";
import { refusal, type Refusal } from "../refusal.ts";
import type { Services } from "../services.ts";
import { frameTail, type Outlet } from "../trpc/subscription-outlet.ts";
import { transformer } from "../trpc/transformer.ts";
import { isParticipant, participantIds } from "./access.ts";
import { latestMessageId, linkSigner, messagesAfter, type ChatMessageView, type LinkSigner } from "./message-view.ts";

/** Rows per database read, for catching up and for the shared feed. */
const PAGE = 100;
/** Re-read each active conversation this often, whatever the bus says (a NOTIFY that failed after commit). */
const RESYNC_EVERY_MS = 15_000;
/** Pause before retrying a feed read that failed (database away). */
const RETRY_AFTER_MS = 1_000;

type Subscriber = {
  userId: string;
  /** Where the feed writes this subscriber's frames; null over a transport without one (HTTP). */
  outlet: Outlet | null;
  /**
   * Reading: the subscription reads from the database itself, after `yielded`, when woken (catching up,
   * no outlet, or an outlet that refused a frame). Fed: the feed writes each new row to the outlet.
   */
  mode: "reading" | "fed";
  /** Highest id the client has been sent, by either. */
  yielded: number;
  /** Reading: the feed saw new rows since the subscription last read. */
  stale: boolean;
  /** Set when the feed found the subscriber no longer a participant. */
  removed: boolean;
  wake: (() => void) | null;
};

type FeedDeps = { db: Database; bus: ChatEventBus; sign: LinkSigner; log: Services["log"] };

/**
 * One feed per conversation with subscribers in this process: each new row is read and serialised once and its
 * frame written to every subscriber's socket, not once per subscriber (docs/decisions/040).
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
    const current = [...this.subscribers].filter((s) => !s.removed);
    if (current.length === 0) return;
    const fed = current.filter((s) => s.mode === "fed");
    const from = fed.length > 0 ? Math.min(...fed.map((s) => s.yielded)) : Number.MAX_SAFE_INTEGER;
    const [rows, members] = await Promise.all([
      fed.length > 0 ? messagesAfter(this.deps.db, this.conversationId, from, PAGE, this.deps.sign) : [],
      participantIds(this.deps.db, this.conversationId),
    ]);
    // Each row serialised once, for every fed subscriber: its id and its frame's tail.
    const frames = rows.map((row) => ({
      id: row.id,
      tail: frameTail(String(row.id), transformer.serialize({ id: String(row.id), data: row })),
    }));
    // Only those fed when the read began: one fed since may be owed rows below `from` (the read after has it).
    const fedAtRead = new Set(fed);
    for (const s of current) {
      // Gone while the rows were read: its request is over, a frame for it would reach no one.
      if (!this.subscribers.has(s)) continue;
      if (!members.has(s.userId)) {
        s.removed = true;
        s.wake?.();
      } else if (fedAtRead.has(s) && s.outlet) this.write(s, s.outlet, frames);
      else if (s.mode === "reading") {
        s.stale = true;
        s.wake?.();
      }
    }
    if (rows.length === PAGE) this.again = true;
  }

  /** Sends a fed subscriber the rows above its cursor; one refused frame and it reads for itself. */
  private write(s: Subscriber, outlet: Outlet, frames: { id: number; tail: string }[]): void {
    for (const { id, tail } of frames) {
      if (id <= s.yielded) continue;
      if (!outlet.send(tail)) {
        s.mode = "reading";
        s.stale = true;
        s.wake?.();
        return;
      }
      s.yielded = id;
    }
  }
}

/** The feeds of one server (one bus and database). */
class FeedRegistry {
  private readonly feeds = new Map<string, ConversationFeed>();
  private readonly deps: FeedDeps;
  constructor(deps: FeedDeps) {
    this.deps = deps;
  }

  /** Adds a subscriber, reading; the feed (and so the bus subscription) exists before it reads. */
  join(conversationId: string, userId: string, outlet: Outlet | null, after: number): Subscriber {
    let feed = this.feeds.get(conversationId);
    if (!feed) {
      feed = new ConversationFeed(conversationId, this.deps);
      this.feeds.set(conversationId, feed);
    }
    const subscriber: Subscriber = { userId, outlet, mode: "reading", yielded: after, stale: false, removed: false, wake: null };
    feed.subscribers.add(subscriber);
    return subscriber;
  }

  /** Caught up: from now on the feed writes it the rows above what it has been sent, starting with a read. */
  feed(conversationId: string, subscriber: Subscriber): void {
    subscriber.mode = "fed";
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
function nextWork(subscriber: Subscriber, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    // Stopped while it read (no `wake` to call then): it must not wait for work that never comes.
    if (signal?.aborted) return resolve();
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
  /** The subscription's outlet (`OutletRequest`), through which the feed writes once caught up; null to yield every row. */
  outlet: Outlet | null;
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
 * The `chat.onMessage` stream: subscribes first, then catches up from the database, so nothing committed in
 * between is missed; each message is `tracked` by id, so a reconnecting wsLink resumes after the last it got.
 */
export async function* liveMessages(
  db: Database,
  services: Services,
  params: LiveMessagesParams,
): AsyncGenerator<TrackedEnvelope<ChatMessageView>, Refusal<"not_participant"> | undefined, unknown> {
  const { conversationId, userId, signal } = params;
  const registry = registryFor(db, services);
  const sign = linkSigner(services);
  const subscriber = registry.join(conversationId, userId, params.outlet, params.after);
  const onAbort = () => subscriber.wake?.();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    while (!signal?.aborted) {
      if (subscriber.removed) return refusal("not_participant");
      if (subscriber.mode === "reading") {
        subscriber.stale = false;
        if (!(await isParticipant(db, conversationId, userId))) return refusal("not_participant");
        const rows = await messagesAfter(db, conversationId, subscriber.yielded, PAGE, sign);
        for (const row of rows) {
          yield tracked(String(row.id), row);
          subscriber.yielded = row.id;
        }
        if (rows.length === PAGE || subscriber.stale) continue;
        if (subscriber.outlet) registry.feed(conversationId, subscriber);
      }
      await nextWork(subscriber, signal);
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    registry.leave(conversationId, subscriber);
  }
  return undefined;
}

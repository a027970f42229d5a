import { EventEmitter } from "node:events";
import type { IncomingMessage } from "node:http";
import type { AnyRouter, inferRouterContext } from "@trpc/server";
import { getWSConnectionHandler, jsonEncoder, type Encoder, type WSSHandlerOptions } from "@trpc/server/adapters/ws";
import { WebSocket, type RawData } from "ws";

/** The close code of a frame beyond the limits or not made of tRPC requests (RFC 6455: policy violation). */
export const POLICY_VIOLATION_CLOSE_CODE = 1008;

/** What one WebSocket may ask of the server at a time (decision 054); the app's are in domain/limits.ts. */
export type SocketGuardLimits = {
  /** Calls in one frame; a larger frame closes the socket. */
  callsPerFrame: number;
  /** Calls running at once (queries, mutations, subscriptions until started); later frames wait unread. */
  callsInFlight: number;
  /** Subscriptions starting or open; one more closes the socket. */
  subscriptions: number;
  /** Unsent bytes above which the client's frames are no longer read, until half of them are sent. */
  pauseBytes: number;
  /** Unsent bytes above which the client is dropped. */
  dropBytes: number;
  /** A ping every `pingMs`; a client whose pong has not come `pongWaitMs` later is dropped. */
  pingMs: number;
  pongWaitMs: number;
};

type RequestId = string | number;
type Call = { subscription: boolean; state: "waiting" | "running" | "open" };
type Frame = { data: RawData; isBinary: boolean; ids: RequestId[] };

/**
 * The socket as tRPC's connection handler sees it: its frames come from the guard, one at a time and only
 * within the limits, and what it sends goes through the guard's accounting of unsent bytes. `socket` is
 * the client's real WebSocket (for closing it when its session ends, counting it in metrics).
 */
export class GuardedSocket extends EventEmitter {
  readonly socket: WebSocket;
  private readonly guard: SocketGuard;

  constructor(socket: WebSocket, guard: SocketGuard) {
    super();
    this.socket = socket;
    this.guard = guard;
  }

  get readyState(): number {
    return this.socket.readyState;
  }

  get bufferedAmount(): number {
    return this.socket.bufferedAmount;
  }

  send(data: string): void {
    this.guard.write(data);
  }

  close(code?: number, reason?: string): void {
    this.socket.close(code, reason);
  }

  terminate(): void {
    this.socket.terminate();
  }
}

/**
 * tRPC's WebSocket handler behind a per-connection guard that bounds calls per frame and in flight, stops
 * reading from a client that does not read, and pings on its own timer (docs/decisions/054).
 */
export function guardedConnections<TRouter extends AnyRouter>(
  options: GuardedHandlerOptions<TRouter>,
  limits: SocketGuardLimits,
): (socket: WebSocket, req: IncomingMessage) => void {
  const { createContext, ...rest } = options;
  const encoder = options.experimental_encoder ?? jsonEncoder;
  return (socket, req) => {
    const guard = new SocketGuard(socket, limits, expectsConnectionParams(req));
    // A handler per connection (it only closes over its options): its encoder tells this guard of each answer.
    const handler = getWSConnectionHandler<TRouter>({
      ...rest,
      createContext: () => createContext(guard.view, req),
      keepAlive: { enabled: false },
      experimental_encoder: guard.encoderOver(encoder),
    } as WSSHandlerOptions<TRouter>); // tRPC's conditional option types do not resolve for a generic router
    // tRPC types its client as ws's WebSocket; it uses on/once, send, close, terminate and readyState.
    handler(guard.view as unknown as WebSocket, req);
    guard.start();
  };
}

/** tRPC's handler options, but the context made from the guarded socket (tRPC's `res`) and its upgrade request. */
export type GuardedHandlerOptions<TRouter extends AnyRouter> = Pick<
  WSSHandlerOptions<TRouter>,
  "router" | "onError" | "experimental_encoder" | "wss"
> & {
  createContext: (socket: GuardedSocket, req: IncomingMessage) => Promise<inferRouterContext<TRouter>>;
};

/** tRPC reads the first frame as connection parameters when the URL asks so (`connectionParams=1`). */
function expectsConnectionParams(req: IncomingMessage): boolean {
  return new URL(req.url ?? "/", "http://localhost").searchParams.get("connectionParams") === "1";
}

const CALL_METHODS = new Set(["query", "mutation", "subscription"]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === "string" || (typeof value === "number" && !Number.isNaN(value));
}

/**
 * A call's id and kind, "stop" for a subscription's end, or null for what tRPC would not read as a
 * request (its own checks, less the input's deserialisation); a null id is refused here too, so that an
 * answer with no id always means the whole frame was refused (see `SocketGuard.dispatch`).
 */
function requestOf(message: unknown): { id: RequestId; subscription: boolean } | "stop" | null {
  if (!isObject(message) || !isRequestId(message.id)) return null;
  if (message.jsonrpc !== undefined && message.jsonrpc !== "2.0") return null;
  if (message.method === "subscription.stop") return "stop";
  if (typeof message.method !== "string" || !CALL_METHODS.has(message.method)) return null;
  const params = message.params;
  if (!isObject(params) || typeof params.path !== "string") return null;
  if (params.lastEventId !== undefined && typeof params.lastEventId !== "string") return null;
  return { id: message.id, subscription: message.method === "subscription" };
}

class SocketGuard {
  readonly view: GuardedSocket;
  private readonly socket: WebSocket;
  private readonly limits: SocketGuardLimits;
  private readonly calls = new Map<RequestId, Call>();
  private readonly waiting: Frame[] = [];
  private inFlight = 0;
  private subscriptions = 0;
  private connectionParamsFirst: boolean;
  /** More than `pauseBytes` unsent: the client's frames are not read until half of them are sent. */
  private backlogged = false;
  private refused = false;
  private pumpScheduled = false;
  /** The frame being handed to tRPC, and whether tRPC answered it as a whole with an error. */
  private dispatching: Frame | null = null;
  private dispatchRefused = false;
  private pingTimer: NodeJS.Timeout | undefined;
  private pongTimer: NodeJS.Timeout | undefined;

  constructor(socket: WebSocket, limits: SocketGuardLimits, connectionParamsFirst: boolean) {
    this.socket = socket;
    this.limits = limits;
    this.connectionParamsFirst = connectionParamsFirst;
    this.view = new GuardedSocket(socket, this);
  }

  start(): void {
    const { socket } = this;
    socket.on("message", (data, isBinary) => this.receive(data, isBinary));
    socket.on("error", (error) => this.view.emit("error", error));
    socket.on("pong", () => {
      clearTimeout(this.pongTimer);
      this.pongTimer = undefined;
    });
    socket.once("close", (code, reason) => {
      clearInterval(this.pingTimer);
      clearTimeout(this.pongTimer);
      this.waiting.length = 0;
      this.view.emit("close", code, reason);
    });
    // Not reset by the client's messages: one that sends and never reads misses its pong and is dropped.
    this.pingTimer = setInterval(() => this.ping(), this.limits.pingMs);
  }

  /** tRPC's encoder, seeing each answer on its way out to account for the call it ends. */
  encoderOver(inner: Encoder): Encoder {
    return {
      encode: (message) => {
        this.answered(message);
        return inner.encode(message);
      },
      decode: (data) => inner.decode(data),
    };
  }

  /** Sends one of tRPC's frames (or a feed's): a backlog past the marks pauses reading or drops the client. */
  write(data: string): void {
    const { socket } = this;
    socket.send(data, this.flushed);
    const unsent = socket.bufferedAmount;
    if (unsent > this.limits.dropBytes) {
      socket.terminate();
    } else if (unsent > this.limits.pauseBytes && !this.backlogged) {
      this.backlogged = true;
      this.updateReading();
    }
  }

  /** Called as each write leaves for the network: reading resumes once the backlog is down to half. */
  private readonly flushed = () => {
    if (this.backlogged && this.socket.bufferedAmount <= this.limits.pauseBytes / 2) {
      this.backlogged = false;
      if (this.waiting.length > 0) this.schedulePump();
      this.updateReading();
    }
  };

  private ping(): void {
    if (this.pongTimer !== undefined || this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.ping(undefined, undefined, this.flushed);
    this.pongTimer = setTimeout(() => this.socket.terminate(), this.limits.pongWaitMs);
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.refused) return;
    const frame = this.frameOf(data, isBinary);
    if (!frame) return;
    this.waiting.push(frame);
    if (!this.pumpScheduled) this.pump();
  }

  /** The frame with its calls registered, or null when it is refused (the socket is then closing). */
  private frameOf(data: RawData, isBinary: boolean): Frame | null {
    const asIs = { data, isBinary, ids: [] };
    if (this.connectionParamsFirst) {
      this.connectionParamsFirst = false;
      return asIs;
    }
    if (isBinary || !Buffer.isBuffer(data)) return asIs; // tRPC answers these with an error
    const text = data.toString("utf8");
    if (text === "PING" || text === "PONG") return asIs;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return asIs; // tRPC answers a parse error
    }
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    if (messages.length > this.limits.callsPerFrame)
      return this.refuse(`more than ${this.limits.callsPerFrame} calls in one frame`);
    const found: { id: RequestId; subscription: boolean }[] = [];
    for (const message of messages) {
      const request = requestOf(message);
      if (request === null) return this.refuse("not a tRPC request");
      if (request === "stop") continue;
      if (this.calls.has(request.id) || found.some((c) => c.id === request.id)) return this.refuse("request id in use");
      found.push(request);
    }
    for (const { id, subscription } of found) this.calls.set(id, { subscription, state: "waiting" });
    return { data, isBinary, ids: found.map((c) => c.id) };
  }

  private refuse(reason: string): null {
    this.refused = true;
    this.waiting.length = 0;
    this.socket.close(POLICY_VIOLATION_CLOSE_CODE, reason);
    return null;
  }

  /**
   * Hands the first waiting frame to tRPC if the calls in flight leave room and the client takes its
   * answers; the next one a turn later.
   */
  private readonly pump = () => {
    this.pumpScheduled = false;
    const frame = this.waiting[0];
    if (frame && !this.backlogged && this.fits(frame)) {
      this.waiting.shift();
      this.dispatch(frame);
      if (this.waiting.length > 0) this.schedulePump();
    }
    this.updateReading();
  };

  private schedulePump(): void {
    if (this.pumpScheduled || this.refused) return;
    this.pumpScheduled = true;
    setImmediate(this.pump);
  }

  private fits(frame: Frame): boolean {
    const n = frame.ids.length;
    return n === 0 || this.inFlight === 0 || this.inFlight + n <= this.limits.callsInFlight;
  }

  private dispatch(frame: Frame): void {
    let subscriptions = 0;
    for (const id of frame.ids) {
      const call = this.calls.get(id);
      if (!call) continue;
      call.state = "running";
      if (call.subscription) subscriptions += 1;
    }
    if (this.subscriptions + subscriptions > this.limits.subscriptions) {
      this.refuse(`more than ${this.limits.subscriptions} subscriptions`);
      return;
    }
    this.inFlight += frame.ids.length;
    this.subscriptions += subscriptions;
    this.dispatching = frame;
    this.dispatchRefused = false;
    try {
      this.view.emit("message", frame.data, frame.isBinary);
    } finally {
      this.dispatching = null;
    }
    // tRPC reads a frame whole before it runs any call: an answer with no id while it read means none runs.
    if (this.dispatchRefused) for (const id of frame.ids) this.release(id);
  }

  /** Accounts for one of tRPC's answers: a call's result or error, a subscription's start or end. */
  private answered(message: unknown): void {
    if (!isObject(message)) return;
    const { id } = message;
    if (id === null && message.error !== undefined && this.dispatching) this.dispatchRefused = true;
    if (!isRequestId(id)) return;
    const call = this.calls.get(id);
    if (!call) return;
    const type = isObject(message.result) ? message.result.type : undefined;
    if (message.error !== undefined || type === "stopped" || (type === "data" && !call.subscription)) {
      this.release(id);
    } else if (type === "started" && call.state === "running") {
      call.state = "open";
      this.inFlight -= 1;
      if (this.waiting.length > 0) this.schedulePump();
    }
  }

  private release(id: RequestId): void {
    const call = this.calls.get(id);
    if (!call) return;
    this.calls.delete(id);
    if (call.state === "running") this.inFlight -= 1;
    if (call.subscription && call.state !== "waiting") this.subscriptions -= 1;
    if (this.waiting.length > 0) this.schedulePump();
  }

  /** Reads the client's frames only while its answers are being taken and its next frame may run. */
  private updateReading(): void {
    const { socket } = this;
    if (socket.readyState !== WebSocket.OPEN) return;
    const head = this.waiting[0];
    const hold = this.backlogged || (head !== undefined && !this.fits(head));
    if (hold && !socket.isPaused) socket.pause();
    else if (!hold && socket.isPaused) socket.resume();
  }
}

import { jsonEncoder, type Encoder } from "@trpc/server/adapters/ws";
import { WebSocket } from "ws";

/**
 * Past this many bytes queued on a socket and not yet taken by the kernel, an outlet refuses frames:
 * the feed lets that subscriber read from the database at its own pace instead of piling up memory.
 */
export const OUTLET_BUFFER_LIMIT = 1 << 20;

/** What an outlet needs of a socket (ws's WebSocket, or the guard's view of it: server/trpc/socket-guard.ts). */
export type FrameSocket = { readonly readyState: number; readonly bufferedAmount: number; send(data: string): void };

/** Writes a subscription's data frames straight to its socket: `send` takes a frame's shared tail. */
export type Outlet = {
  /** False when the socket is closed or too far behind (`OUTLET_BUFFER_LIMIT`); nothing was sent. */
  send(tail: string): boolean;
};

/**
 * Lets a subscription learn its request id, so a feed can write one serialised frame to many sockets
 * (docs/decisions/040). Yielded first; the encoder keeps its id and answers "PONG", which tRPC's clients
 * skip: a seam listed in docs/upgrading-dependencies.md.
 */
export class OutletRequest {
  private head: string | null = null;
  private readonly socket: FrameSocket;

  constructor(socket: FrameSocket) {
    this.socket = socket;
  }

  /** Called by the encoder with the reply that carries this request. */
  answer(id: unknown, jsonrpc: unknown): void {
    // As tRPC's own frames: `{"id":…,"jsonrpc":…,"result":{"type":"data","data":…,"id":…}}`, no jsonrpc when the client sent none.
    this.head = `{"id":${JSON.stringify(id)}${jsonrpc === undefined ? "" : `,"jsonrpc":${JSON.stringify(jsonrpc)}`}`;
  }

  /** The outlet, once the encoder has answered; null if it never did (a transport other than tRPC's socket). */
  outlet(): Outlet | null {
    const { head, socket } = this;
    if (head === null) return null;
    return {
      send(tail) {
        if (socket.readyState !== WebSocket.OPEN || socket.bufferedAmount > OUTLET_BUFFER_LIMIT) return false;
        socket.send(head + tail);
        return true;
      },
    };
  }
}

/**
 * The tail of a data frame for `tracked(id, data)`, given the transformer's serialisation of the
 * `{ id, data }` that tRPC's handler makes of it: the same bytes its handler would write after the head.
 */
export function frameTail(id: string, serialised: unknown): string {
  return `,"result":{"type":"data","data":${JSON.stringify(serialised)},"id":${JSON.stringify(id)}}}`;
}

/** tRPC's JSON encoder for the socket, which answers an `OutletRequest` (see above). */
export const socketEncoder: Encoder = {
  encode(message) {
    const data = (message as { result?: { data?: unknown } } | null)?.result?.data;
    if (!(data instanceof OutletRequest)) return jsonEncoder.encode(message);
    const { id, jsonrpc } = message as { id: unknown; jsonrpc?: unknown };
    data.answer(id, jsonrpc);
    return "PONG";
  },
  decode: jsonEncoder.decode,
};

/**
 * Over a socket, a subscription's first step: yields an `OutletRequest` (typed `never`: no client sees
 * it as data) and returns the outlet the encoder made possible.
 */
export async function* openOutlet(socket: FrameSocket): AsyncGenerator<never, Outlet | null, unknown> {
  const request = new OutletRequest(socket);
  yield request as never;
  return request.outlet();
}

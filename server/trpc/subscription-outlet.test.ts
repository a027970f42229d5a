import { jsonEncoder } from "@trpc/server/adapters/ws";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";

import { frameTail, OUTLET_BUFFER_LIMIT, OutletRequest, socketEncoder } from "./subscription-outlet.ts";

/** A socket as far as an outlet sees it, keeping what is sent. */
function fakeSocket() {
  const sent: string[] = [];
  return {
    readyState: WebSocket.OPEN as WebSocket["readyState"],
    bufferedAmount: 0,
    sent,
    send: (frame: string) => void sent.push(frame),
  };
}

const row = { id: 7, content: "Meet at the north gate", createdAt: new Date("2026-11-24T08:00:00.000Z") };

describe("the socket's encoder", () => {
  it("encodes every reply as tRPC's JSON encoder does", () => {
    const replies = [
      { id: 3, jsonrpc: "2.0", result: { type: "started" } },
      { id: 4, result: { type: "data", data: superjson.serialize(row) } },
      { id: null, error: { json: { message: "boom" } } },
    ];
    for (const reply of replies) expect(socketEncoder.encode(reply)).toBe(jsonEncoder.encode(reply));
    expect(socketEncoder.decode('{"id":1,"method":"subscription"}')).toEqual({ id: 1, method: "subscription" });
  });

  it("answers an OutletRequest with the keep-alive PONG, and its outlet then writes the frames tRPC would", () => {
    for (const jsonrpc of ["2.0", undefined]) {
      const socket = fakeSocket();
      const request = new OutletRequest(socket);
      expect(request.outlet()).toBeNull();
      expect(socketEncoder.encode({ id: 12, jsonrpc, result: { type: "data", data: request } })).toBe("PONG");
      const outlet = request.outlet();
      expect(outlet?.send(frameTail("7", superjson.serialize({ id: "7", data: row })))).toBe(true);
      // What tRPC's handler writes for `tracked("7", row)` on request 12.
      const tracked = { id: 12, jsonrpc, result: { type: "data", data: superjson.serialize({ id: "7", data: row }), id: "7" } };
      expect(socket.sent).toEqual([jsonEncoder.encode(tracked)]);
    }
  });
});

describe("an outlet", () => {
  function openOutlet(socket: ReturnType<typeof fakeSocket>) {
    const request = new OutletRequest(socket);
    socketEncoder.encode({ id: 1, result: { type: "data", data: request } });
    const outlet = request.outlet();
    if (!outlet) throw new Error("no outlet");
    return outlet;
  }

  it("refuses, sending nothing, once the socket is closing or closed", () => {
    const socket = fakeSocket();
    const outlet = openOutlet(socket);
    for (const state of [WebSocket.CLOSING, WebSocket.CLOSED]) {
      socket.readyState = state;
      expect(outlet.send(frameTail("1", {}))).toBe(false);
    }
    expect(socket.sent).toEqual([]);
  });

  it(`refuses, sending nothing, while more than ${OUTLET_BUFFER_LIMIT} bytes wait on the socket`, () => {
    const socket = fakeSocket();
    const outlet = openOutlet(socket);
    socket.bufferedAmount = OUTLET_BUFFER_LIMIT + 1;
    expect(outlet.send(frameTail("1", {}))).toBe(false);
    socket.bufferedAmount = OUTLET_BUFFER_LIMIT;
    expect(outlet.send(frameTail("2", {}))).toBe(true);
    expect(socket.sent).toHaveLength(1);
  });
});

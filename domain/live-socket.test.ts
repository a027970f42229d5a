import { describe, expect, it } from "vitest";

import { reconnectDelayMs } from "./live-socket.ts";

describe("reconnectDelayMs", () => {
  it("spreads the first attempt over a second, so a stopping instance's sockets do not all arrive at once", () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(0);
    expect(reconnectDelayMs(0, () => 0.999)).toBe(999);
    const spread = new Set(Array.from({ length: 200 }, () => Math.floor(reconnectDelayMs(0) / 100)));
    expect(spread.size).toBeGreaterThan(5);
  });

  it("backs off, doubling up to 30 s, within the upper half of each step", () => {
    expect([reconnectDelayMs(1, () => 0), reconnectDelayMs(1, () => 0.999)]).toEqual([1000, 1999]);
    expect([reconnectDelayMs(3, () => 0), reconnectDelayMs(3, () => 0.999)]).toEqual([4000, 7996]);
    expect([reconnectDelayMs(20, () => 0), reconnectDelayMs(20, () => 0.999)]).toEqual([15000, 29985]);
  });
});

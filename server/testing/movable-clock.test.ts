import Fastify from "fastify";
import { describe, expect, it } from "vitest";

import { loadConfig } from "../config.ts";
import { movableClock } from "./movable-clock.ts";

describe("the movable clock of end-to-end journeys", () => {
  it("is honoured only with NODE_ENV=test", () => {
    const secret = "x".repeat(40);
    expect(loadConfig({ NODE_ENV: "test", E2E_MOVABLE_CLOCK: "true", DATA_DIR: "/tmp" }).movableClock).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp" }).movableClock).toBe(false);
    expect(
      loadConfig({ NODE_ENV: "production", E2E_MOVABLE_CLOCK: "true", BETTER_AUTH_SECRET: secret, DATA_DIR: "/tmp" })
        .movableClock,
    ).toBe(false);
    expect(loadConfig({ NODE_ENV: "development", E2E_MOVABLE_CLOCK: "true", DATA_DIR: "/tmp" }).movableClock).toBe(false);
  });

  it("moves forward by the hours asked, never back, at most two weeks", async () => {
    const clock = movableClock();
    const app = Fastify();
    clock.register(app);
    const move = (hours: unknown) => app.inject({ method: "PUT", url: "/api/test/clock", payload: { hours } });
    expect((await move(30)).statusCode).toBe(200);
    const ahead = clock.now().getTime() - Date.now();
    expect(ahead).toBeGreaterThan(29.9 * 3_600_000);
    expect(ahead).toBeLessThan(30.1 * 3_600_000);
    expect((await move(-1)).statusCode).toBe(400);
    expect((await move(24 * 15)).statusCode).toBe(400);
    expect((await move("1")).statusCode).toBe(400);
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(29.9 * 3_600_000);
    await app.close();
  });
});

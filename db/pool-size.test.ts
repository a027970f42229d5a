import { describe, expect, it } from "vitest";

import { loadConfig } from "../server/config.ts";
import { defaultPoolSize, splitPool } from "./pool-size.ts";

describe("the default pool size", () => {
  it("is twice the cores, at least 4 and at most 10", () => {
    expect([1, 2, 3, 4, 5, 8, 64].map((cores) => defaultPoolSize(cores))).toEqual([4, 4, 6, 8, 10, 10, 10]);
  });

  it("is what the server opens unless DATABASE_POOL_SIZE says otherwise", () => {
    const env = {
      NODE_ENV: "test",
      DATA_DIR: "./.data-test",
      BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    } as const;
    expect(loadConfig(env).databasePoolSize).toBe(defaultPoolSize());
    expect(loadConfig({ ...env, DATABASE_POOL_SIZE: "25" }).databasePoolSize).toBe(25);
  });
});

describe("a database's two pools", () => {
  it("share its connections half and half, at least one each", () => {
    expect([1, 2, 3, 4, 5, 10].map((connections) => splitPool(connections))).toEqual([
      { main: 1, planned: 1 },
      { main: 1, planned: 1 },
      { main: 2, planned: 1 },
      { main: 2, planned: 2 },
      { main: 3, planned: 2 },
      { main: 5, planned: 5 },
    ]);
  });
});

import { describe, expect, it } from "vitest";

import { createBackgroundTasks } from "./background-tasks.ts";

describe("background tasks", () => {
  it("start work meant for after the answer only once the current turn has ended", async () => {
    const tasks = createBackgroundTasks(() => {});
    const order: string[] = [];
    tasks.runAfterAnswer(async () => {
      order.push("work");
    });
    // Everything the answer still does in this turn (awaited steps, no new turn) comes first.
    for (let i = 0; i < 100; i++) await Promise.resolve();
    order.push("answer");
    await tasks.settled();
    expect(order).toEqual(["answer", "work"]);
  });

  it("report a failure of such work and still settle", async () => {
    const failures: unknown[] = [];
    const tasks = createBackgroundTasks((error) => failures.push(error));
    tasks.runAfterAnswer(() => Promise.reject(new Error("mail server down")));
    await tasks.settled();
    expect(failures).toHaveLength(1);
  });
});

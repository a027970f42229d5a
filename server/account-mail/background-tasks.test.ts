import { describe, expect, it } from "vitest";

import { createBackgroundTasks } from "./background-tasks.ts";

describe("background tasks", () => {
  it("report a failure of such work and still settle", async () => {
    const failures: unknown[] = [];
    const tasks = createBackgroundTasks((error) => failures.push(error));
    tasks.run(Promise.reject(new Error("clean-up failed")));
    await tasks.settled();
    expect(failures).toHaveLength(1);
  });
});

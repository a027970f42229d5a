import { describe, expect, it } from "vitest";

import { canAcceptMore } from "./applications.ts";

describe("canAcceptMore", () => {
  it("allows accepting while the job is active and below its max_workers", () => {
    expect(canAcceptMore({ status: "open", acceptedCount: 1, maxWorkers: 2 })).toBe(true);
    expect(canAcceptMore({ status: "in_progress", acceptedCount: 0, maxWorkers: 1 })).toBe(true);
  });

  it("refuses a full job and a finished one", () => {
    expect(canAcceptMore({ status: "open", acceptedCount: 2, maxWorkers: 2 })).toBe(false);
    expect(canAcceptMore({ status: "completed", acceptedCount: 0, maxWorkers: 2 })).toBe(false);
    expect(canAcceptMore({ status: "cancelled", acceptedCount: 0, maxWorkers: 2 })).toBe(false);
  });
});

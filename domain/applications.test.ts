import { describe, expect, it } from "vitest";

import { canAcceptMore, canUndoRejection, REJECTION_UNDO_SECONDS, rejectionFinalAt } from "./applications.ts";

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

describe("undoing a rejection", () => {
  it("is possible for REJECTION_UNDO_SECONDS, up to but not including its last moment", () => {
    const rejectedAt = new Date("2026-11-20T10:00:00.000Z");
    const end = rejectionFinalAt(rejectedAt);
    expect(end.getTime() - rejectedAt.getTime()).toBe(REJECTION_UNDO_SECONDS * 1000);
    expect(canUndoRejection(rejectedAt, rejectedAt)).toBe(true);
    expect(canUndoRejection(rejectedAt, new Date(end.getTime() - 1))).toBe(true);
    expect(canUndoRejection(rejectedAt, end)).toBe(false);
  });
});

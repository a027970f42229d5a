import { describe, expect, it } from "vitest";

import { ownerCanApprove, ownerCanEdit, workerCanAnswer } from "./timesheet-turns.ts";

describe("timesheet turns", () => {
  it("says who may move a timesheet in each status", () => {
    expect(ownerCanApprove("pending_employer")).toBe(true);
    expect(ownerCanApprove("approved")).toBe(false);
    expect(ownerCanEdit("edited")).toBe(true);
    expect(ownerCanEdit("accepted")).toBe(false);
    expect(workerCanAnswer("approved")).toBe(true);
    expect(workerCanAnswer("pending_employer")).toBe(false);
    expect(workerCanAnswer("resolved")).toBe(false);
  });
});

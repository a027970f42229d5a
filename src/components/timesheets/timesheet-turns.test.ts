import { describe, expect, it } from "vitest";

import { directPayAction, ownerCanApprove, ownerCanEdit, workerCanAnswer } from "./timesheet-turns.ts";

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

  it("gives a directly paid day's button to the side whose turn it is", () => {
    expect(directPayAction(true, "owed")).toBe("mark");
    expect(directPayAction(true, "marked_paid")).toBeNull();
    expect(directPayAction(true, "confirmed")).toBeNull();
    expect(directPayAction(false, "owed")).toBeNull();
    expect(directPayAction(false, "marked_paid")).toBe("confirm");
    expect(directPayAction(false, "confirmed")).toBeNull();
  });
});

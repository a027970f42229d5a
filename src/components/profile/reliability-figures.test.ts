import { describe, expect, it } from "vitest";

import { reliabilityFigures } from "./reliability-figures.ts";

const counts = { shiftsCompleted: 7, timedShifts: 4, onTimeShifts: 3, lateCancellations: 1, noShows: 2, activeStrikes: 1 };

describe("reliability figures", () => {
  it("shows a worker every figure of theirs", () => {
    expect(reliabilityFigures({ ...counts, role: "worker" }).map((f) => f.testId)).toEqual([
      "reliability-shifts",
      "reliability-on-time",
      "reliability-late",
      "reliability-no-shows",
      "reliability-active",
    ]);
  });

  it("shows an employer only what applies to an employer: no on-time, no no-shows", () => {
    const figures = reliabilityFigures({ ...counts, role: "employer" });
    expect(figures.map((f) => f.testId)).toEqual(["reliability-shifts", "reliability-late", "reliability-active"]);
    expect(figures.map((f) => f.value)).toEqual([7, 1, 1]);
  });
});

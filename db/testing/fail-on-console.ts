import { afterEach, beforeEach, vi } from "vitest";

// An unexpected console.error is a failure (epic-stack's habit): tests that expect one mock it.
let spy: ReturnType<typeof vi.spyOn> | undefined;

beforeEach(() => {
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});

afterEach(() => {
  spy?.mockRestore();
});

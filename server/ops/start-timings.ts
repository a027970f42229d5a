/** One step of an instance's start: the time it took and the CPU it used (all threads), in ms. */
export type StartStep = { ms: number; cpuMs: number };

/**
 * Times the steps of an instance's start, each from the end of the one before; the first from the
 * process's own start, so it holds Node's boot and the loading of every module. What it reports is
 * logged once the instance listens (server/main.ts), and read by `npm run bench:start` (decision 066).
 */
export function startTimings() {
  const steps: Record<string, StartStep> = {};
  let wall = 0;
  let cpu = 0;
  return {
    /** Ends the step `name` now. */
    step(name: string) {
      const nowWall = performance.now();
      const used = process.cpuUsage();
      const nowCpu = (used.user + used.system) / 1000;
      steps[name] = { ms: Math.round(nowWall - wall), cpuMs: Math.round(nowCpu - cpu) };
      wall = nowWall;
      cpu = nowCpu;
    },
    /** Every step so far, and their sum since the process started. */
    report(): { steps: Record<string, StartStep>; total: StartStep } {
      return { steps: { ...steps }, total: { ms: Math.round(wall), cpuMs: Math.round(cpu) } };
    },
  };
}

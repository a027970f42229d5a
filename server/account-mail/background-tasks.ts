/**
 * Work better-auth starts without making the request wait (its `advanced.backgroundTasks`). Each task is
 * kept until it settles, so closing the app can wait for them before the database goes away. (Account
 * mails no longer run here but in the background queue, docs/decisions/064.)
 */
export function createBackgroundTasks(onError: (error: unknown) => void) {
  const pending = new Set<Promise<unknown>>();
  /** Runs `work` on its own; a failure is reported to `onError`, never to the request. */
  const run = (work: Promise<unknown>) => {
    const task = work.catch(onError).finally(() => pending.delete(task));
    pending.add(task);
  };
  return {
    run,
    /** Resolves once every task started so far has settled. */
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/**
 * Work better-auth starts without making the request wait (its `advanced.backgroundTasks`): account
 * mails, so that asking for a reset link answers in the same time whether or not a mail goes out. Each
 * task is kept until it settles, so closing the app can wait for them before the database goes away.
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
    /**
     * Starts `start()` on the next turn of the event loop, once the answer being built in this one has
     * been written: its own work (queries on an in-process database, building a mail) would otherwise
     * hold up that answer, and only when there is work to do (docs/decisions/058).
     */
    runAfterAnswer(start: () => Promise<unknown>) {
      run(new Promise<void>((resolve) => setImmediate(resolve)).then(start));
    },
    /** Resolves once every task started so far has settled. */
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

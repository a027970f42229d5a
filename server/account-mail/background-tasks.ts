/**
 * Work better-auth starts without making the request wait (its `advanced.backgroundTasks`): account
 * mails, so that asking for a reset link answers in the same time whether or not a mail goes out. Each
 * task is kept until it settles, so closing the app can wait for them before the database goes away.
 */
export function createBackgroundTasks(onError: (error: unknown) => void) {
  const pending = new Set<Promise<unknown>>();
  return {
    /** Runs `work` on its own; a failure is reported to `onError`, never to the request. */
    run(work: Promise<unknown>) {
      const task = work.catch(onError).finally(() => pending.delete(task));
      pending.add(task);
    },
    /** Resolves once every task started so far has settled. */
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

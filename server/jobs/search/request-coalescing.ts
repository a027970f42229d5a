/**
 * Request coalescing: callers asking for the same key while a read of it is under way share one read,
 * started after all of them asked, so each answer is at least as new as its request (a job published
 * before the request was sent is in it), yet a crowd costs one read per read's duration
 * (docs/decisions/043). Keys are forgotten once their reads end; a failed read fails the callers
 * sharing it, and the next ones read again.
 */
export function coalesceRequests<K, T>(read: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const underway = new Map<K, { running: Promise<T>; next: Promise<T> | null }>();
  const start = (key: K): Promise<T> => {
    const running = read(key);
    const lane = { running, next: null as Promise<T> | null };
    underway.set(key, lane);
    const end = () => {
      if (underway.get(key) === lane) underway.delete(key);
    };
    running.then(end, end);
    return running;
  };
  return (key) => {
    const lane = underway.get(key);
    if (!lane) return start(key);
    lane.next ??= lane.running.then(
      () => start(key),
      () => start(key),
    );
    return lane.next;
  };
}

/**
 * A read that callers asking for the same key at about the same time share, without any of them getting
 * an answer read before it asked. While a read of a key is under way, callers asking for that key wait
 * for it to end and then share one read, started after all of them asked: so each answer is at least as
 * new as its request (a job published before the request was sent is in it), yet a crowd asking at once
 * costs one read per read's duration instead of one each. Keys are forgotten once their reads end, so
 * the map holds only keys being read. A failed read fails the callers sharing it; the next ones read again.
 */
export function sharedReads<K, T>(read: (key: K) => Promise<T>): (key: K) => Promise<T> {
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

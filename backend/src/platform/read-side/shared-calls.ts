/**
 * One call per key at a time: while one is running, a caller with the same key is given its promise
 * instead of starting another, and the key is free again once it settles (a failure included). The
 * map is the caller's own, one per kind of call.
 */
export function sharedCall<T>(running: Map<string, Promise<T>>, key: string, call: () => Promise<T>): Promise<T> {
  let pending = running.get(key);
  if (!pending) {
    pending = call().finally(() => running.delete(key));
    running.set(key, pending);
  }
  return pending;
}

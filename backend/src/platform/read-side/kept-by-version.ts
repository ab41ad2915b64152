/**
 * Values kept under the version of the data they were read at (data-versions), at most `max` keys, the
 * least recently used dropped first. Whoever reads one compares its version with the current one.
 */
export class KeptByVersion<T> {
  private readonly entries = new Map<string, { version: string; value: T }>();

  constructor(private readonly max: number) {}

  get(key: string): { version: string; value: T } | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, version: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Drops `key` if it still holds `value` (a failed computation, not one that replaced it since). */
  forget(key: string, value: T): void {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

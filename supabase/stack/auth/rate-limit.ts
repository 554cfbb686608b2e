// Sliding-window rate limits kept in memory, as GoTrue keeps its limiters per process.

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether one more hit for `key` would be within the limit (records nothing). */
  allows(key: string): boolean {
    const since = this.now() - this.windowMs;
    return (this.hits.get(key) ?? []).filter((at) => at > since).length < this.limit;
  }

  /** Records one hit for `key` and answers whether it is within the limit. */
  take(key: string): boolean {
    const now = this.now();
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(since);
    return true;
  }

  private prune(since: number): void {
    for (const [key, times] of this.hits) {
      if (times.every((at) => at <= since)) this.hits.delete(key);
    }
  }
}

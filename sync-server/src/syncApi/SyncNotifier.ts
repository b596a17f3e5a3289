/**
 * Tells the event streams of one person's space that their sync log grew. Only a cursor higher than
 * the last one announced goes out (a push that applied nothing, or only retried counters, is silent).
 * Listeners run synchronously and must not throw; a stream that fell behind only needs the latest
 * cursor, so nothing is queued here.
 */
export class SyncNotifier {
  private readonly listeners = new Set<(cursor: number) => void>()

  /** `latest`: the log's seq when the space opened. */
  constructor(private latest = 0) {}

  /** The highest cursor announced (or the one the space opened with). */
  get cursor(): number {
    return this.latest
  }

  changed(cursor: number): void {
    if (cursor <= this.latest) return
    this.latest = cursor
    for (const listener of [...this.listeners]) listener(cursor)
  }

  /** Returns the unsubscribe function. */
  subscribe(listener: (cursor: number) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** How many streams listen (tests, shutdown). */
  get listening(): number {
    return this.listeners.size
  }
}

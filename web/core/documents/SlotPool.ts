/**
 * A fixed number of slots (an ingest worker each, on both hosts), made when first needed and lent one
 * caller at a time. A caller finding none free waits, in order, for the next one given back; one whose
 * signal aborts while it waits leaves the line at once and takes none. After `close` no slot is lent:
 * callers waiting then, and later ones, are refused.
 */
export class SlotPool<S> {
  private readonly made: Array<{ slot: S; busy: boolean }> = []
  private readonly waiting: Array<() => void> = []
  private closed = false

  constructor(
    private readonly size: number,
    private readonly make: () => S,
    private readonly closedMessage = 'The pool is closed',
  ) {}

  /** A free slot (made if the pool is not full yet), or the first given back. */
  async acquire(signal?: AbortSignal): Promise<S> {
    for (;;) {
      if (this.closed) throw new Error(this.closedMessage)
      signal?.throwIfAborted()
      const free = this.made.find((entry) => !entry.busy)
      if (free) {
        free.busy = true
        return free.slot
      }
      if (this.made.length < Math.max(1, Math.floor(this.size))) {
        const slot = this.make()
        this.made.push({ slot, busy: true })
        return slot
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          signal?.removeEventListener('abort', wake)
          const at = this.waiting.indexOf(wake)
          if (at >= 0) this.waiting.splice(at, 1)
          resolve()
        }
        this.waiting.push(wake)
        signal?.addEventListener('abort', wake, { once: true })
      })
    }
  }

  /** Gives a slot back; the first caller waiting takes it. */
  release(slot: S): void {
    const entry = this.made.find((candidate) => candidate.slot === slot)
    if (entry) entry.busy = false
    this.waiting[0]?.()
  }

  /** Lends no slot from now on and refuses those waiting; returns the slots made, for their owner to end. */
  close(): S[] {
    this.closed = true
    for (const wake of [...this.waiting]) wake()
    return this.made.splice(0).map((entry) => entry.slot)
  }
}

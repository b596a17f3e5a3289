/** What the budget needs of a loaded index (a `ManagedIndex`): its size, whether it is in use, and a way to drop it. */
export interface BudgetedIndex {
  readonly estimatedBytes: number
  readonly busy: boolean
  unload(): Promise<void>
}

/**
 * The host's memory budget for loaded search indexes (the server's INDEX_MEMORY_MB). Each use of an
 * index makes it the most recently used; when the loaded indexes' estimated bytes pass the limit,
 * the least recently used are unloaded (their snapshot saved first when stale) until they fit. The
 * index just used stays even if it alone is over the limit (unloading it would only mean loading it
 * again for the next search), and an index in use (`busy`) is skipped.
 */
export class IndexMemoryBudget {
  /** Loaded indexes, least recently used first (a Set keeps insertion order). */
  private readonly order = new Set<BudgetedIndex>()
  private readonly unloading = new Set<BudgetedIndex>()

  constructor(
    readonly limitBytes: number,
    private readonly logError: (error: unknown) => void,
  ) {}

  /** Estimated bytes of the loaded indexes. */
  get usedBytes(): number {
    let total = 0
    for (const index of this.order) total += index.estimatedBytes
    return total
  }

  /** The loaded indexes, least recently used first. */
  get loaded(): BudgetedIndex[] {
    return [...this.order]
  }

  /** `index` was just loaded or used: it becomes the most recent, and others go if over the limit. */
  touch(index: BudgetedIndex): void {
    this.order.delete(index)
    this.order.add(index)
    // Those already being unloaded are as good as gone (their save may take a while).
    let total = 0
    for (const loaded of this.order) if (!this.unloading.has(loaded)) total += loaded.estimatedBytes
    for (const candidate of this.order) {
      if (total <= this.limitBytes) break
      if (candidate === index || candidate.busy || this.unloading.has(candidate)) continue
      total -= candidate.estimatedBytes
      this.unloading.add(candidate)
      candidate
        .unload()
        .catch(this.logError)
        .finally(() => this.unloading.delete(candidate))
    }
  }

  /** `index` was unloaded or closed. */
  forget(index: BudgetedIndex): void {
    this.order.delete(index)
  }
}

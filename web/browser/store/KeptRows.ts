import Dexie, { type Table } from 'dexie'

/**
 * Rows of one IndexedDB table kept in the API worker between reads: every row of the tables a search reads
 * before anything else (its collection, the collection's documents; `all`), and the whole of a few
 * documents' chunks that a figure answer reads (`of`, by document). Reading them was a round trip to the
 * browser process each, several ms of a page's search at 200 documents (browser-large), and about 140 ms
 * for a filing's 700 passages (browser); docs/decisions/0011-rows-kept-in-api-worker.md.
 *
 * Dexie's `storagemutated` fires once a write to the table commits, through this database or any other
 * tab's or worker's (a BroadcastChannel), so a row written elsewhere is never missed: any write forgets
 * every read kept of the table. A read that a write overlapped is not kept, and nothing is when the
 * database is closed from elsewhere. Inside a transaction the table itself is read: the transaction's own
 * writes are not in the kept rows, and may yet be rolled back. Kept rows are deeply frozen, so no caller
 * can change what the next one reads (a typed array's contents excepted: JavaScript cannot freeze them).
 */
export class KeptRows<Row> {
  /** Kept reads by key, least recently used first. */
  private readonly kept = new Map<string, readonly Row[]>()
  /** Commits to the table seen so far: a read that overlapped one is not kept. */
  private writes = 0
  private readonly part: string
  private readonly onMutated = (parts: Record<string, unknown>) => {
    // 'all': Dexie's word for "anything may have changed" (a page restored from the back-forward cache).
    for (const part in parts) if (part === 'all' || part.startsWith(this.part)) return this.forget()
  }

  /**
   * `read(key)` reads the rows kept under `key`, in the order callers are given them; `all()` reads with the
   * key ''. At most `keys` reads are kept, the least recently used let go first.
   */
  constructor(
    db: Dexie,
    table: Pick<Table, 'name'>,
    private readonly read: (key: string) => Promise<Row[]>,
    private readonly keys = 1,
  ) {
    this.part = `idb://${db.name}/${table.name}/`
    Dexie.on('storagemutated', this.onMutated)
    db.on('close', () => this.forget())
  }

  /** Every row: the kept ones, or read (and kept, when no write overlapped the read). */
  all(): Promise<readonly Row[]> {
    return this.of('')
  }

  /** The rows read for `key`: the kept ones, or read (and kept, when no write overlapped the read). */
  async of(key: string): Promise<readonly Row[]> {
    if (Dexie.currentTransaction) return this.read(key)
    const kept = this.kept.get(key)
    if (kept) {
      this.kept.delete(key)
      this.kept.set(key, kept)
      return kept
    }
    const writes = this.writes
    const rows = await this.read(key)
    rows.forEach(deepFreeze)
    if (this.writes === writes) {
      this.kept.set(key, rows)
      for (const oldest of this.kept.keys()) {
        if (this.kept.size <= this.keys) break
        this.kept.delete(oldest)
      }
    }
    return rows
  }

  /** Stops listening for writes (the database is closing). */
  close(): void {
    Dexie.on('storagemutated').unsubscribe(this.onMutated)
    this.forget()
  }

  private forget(): void {
    this.writes++
    this.kept.clear()
  }
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return
  // A typed array with elements cannot be frozen (TypeError): a chunk's vector stays as it is.
  if (ArrayBuffer.isView(value)) return
  Object.freeze(value)
  for (const inner of Object.values(value)) deepFreeze(inner)
}

import Dexie, { type Table } from 'dexie'

/**
 * Every row of one IndexedDB table kept in the API worker between reads, for the tables a search reads
 * before anything else (its collection, the collection's documents): reading them was a round trip to
 * the browser process each, several ms of a page's search at 200 documents (bench/README.md,
 * browser-large, sessions 41 and 42). Dexie's `storagemutated` fires once a write to the table commits,
 * through this database or any other tab's or worker's (a BroadcastChannel), so a row written elsewhere
 * is never missed; a read that a write overlapped is not kept, and neither is anything when the
 * database is closed from elsewhere. Inside a transaction the table itself is read: the transaction's
 * own writes are not in the kept rows, and may yet be rolled back. Kept rows are deeply frozen, so no
 * caller can change what the next one reads.
 */
export class KeptRows<Row> {
  private rows: readonly Row[] | undefined
  /** Commits to the table seen so far: a read that overlapped one is not kept. */
  private writes = 0
  private readonly part: string
  private readonly onMutated = (parts: Record<string, unknown>) => {
    // 'all': Dexie's word for "anything may have changed" (a page restored from the back-forward cache).
    for (const part in parts) if (part === 'all' || part.startsWith(this.part)) return this.forget()
  }

  /** `read` reads every row of `table`, in the order callers are given them. */
  constructor(
    db: Dexie,
    table: Pick<Table, 'name'>,
    private readonly read: () => Promise<Row[]>,
  ) {
    this.part = `idb://${db.name}/${table.name}/`
    Dexie.on('storagemutated', this.onMutated)
    db.on('close', () => this.forget())
  }

  /** Every row: the kept ones, or read (and kept, when no write overlapped the read). */
  async all(): Promise<readonly Row[]> {
    if (Dexie.currentTransaction) return this.read()
    if (this.rows) return this.rows
    const writes = this.writes
    const rows = await this.read()
    rows.forEach(deepFreeze)
    if (this.writes === writes) this.rows = rows
    return rows
  }

  /** Stops listening for writes (the database is closing). */
  close(): void {
    Dexie.on('storagemutated').unsubscribe(this.onMutated)
    this.forget()
  }

  private forget(): void {
    this.writes++
    this.rows = undefined
  }
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return
  Object.freeze(value)
  for (const inner of Object.values(value)) deepFreeze(inner)
}

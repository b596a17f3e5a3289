import { FolderMissingError, type FolderEntry, type FolderPort } from '../folders/FolderPort'

/**
 * A folder in memory for the scanner's tests: files by path, a clock for their modified times, a
 * switch that makes the root missing, and a count of reads (an unchanged folder's check reads none).
 */
export class MemoryFolder implements FolderPort {
  readonly files = new Map<string, { bytes: Uint8Array; modified: number }>()
  missing = false
  reads: string[] = []
  /** Paths that fail to read. */
  readonly unreadable = new Set<string>()
  /** Runs before a read answers: a test changes the file there to mimic a write under way. */
  beforeRead?: (path: string) => void
  private time = Date.UTC(2026, 0, 1)

  write(path: string, content: string | Uint8Array): this {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content
    this.time += 1000
    this.files.set(path, { bytes, modified: this.time })
    return this
  }

  /** A new modified time, the same content (a file saved without a change). */
  touch(path: string): void {
    const file = this.files.get(path)!
    this.time += 1000
    this.files.set(path, { ...file, modified: this.time })
  }

  rename(from: string, to: string): void {
    const file = this.files.get(from)!
    this.files.delete(from)
    this.files.set(to, file)
  }

  async list(): Promise<FolderEntry[]> {
    if (this.missing) throw new FolderMissingError()
    return [...this.files].map(([path, file]) => ({ path, size: file.bytes.length, modified: file.modified }))
  }

  async read(path: string): Promise<Uint8Array> {
    this.reads.push(path)
    this.beforeRead?.(path)
    const file = this.files.get(path)
    if (!file || this.unreadable.has(path)) throw new Error(`cannot read ${path}`)
    return file.bytes
  }
}

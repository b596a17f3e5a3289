import { appendFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FILE_KEY, sha256Hex } from '../../../web/core/store/FileStore'
import type { BlobUploads, PartialBlob, StoreBlob } from './BlobUploads'

/** A part that does not continue the upload where it stands (answered 409 with `received`). */
export class BlobPartConflict extends Error {
  constructor(
    message: string,
    readonly received: number,
  ) {
    super(message)
    this.name = 'BlobPartConflict'
  }
}

/** The assembled bytes do not hash to their key; the partial upload has been discarded (422). */
export class BlobHashMismatch extends Error {
  constructor(readonly actual: string) {
    super(
      `The uploaded bytes hash to ${actual}, not to the key they were sent under; the upload was discarded`,
    )
    this.name = 'BlobHashMismatch'
  }
}

/**
 * A person's unfinished blob uploads on disk: `<dir>/<key>.part` holds the bytes received so far and
 * `<key>.json` the declared total, so an upload survives a restart and resumes where it stopped.
 *
 * How it fails: appends of one key are serialized by refusing a second concurrent one (409), never
 * by waiting, so two devices cannot interleave their parts. A crash during an append leaves a shorter
 * but correct prefix (parts are only ever appended at the offset already held); the client resumes
 * from it. A crash after the last append but before the blob was stored leaves a partial holding
 * every byte: `settle` (run by the status route and by the next part) finishes it. Abandoned partials
 * stay until the same key is uploaded again (no expiry yet).
 */
export class BlobParts implements BlobUploads {
  /** Keys with an append (or a settle) under way, in this process. */
  private readonly busy = new Set<string>()

  constructor(private readonly dir: string) {}

  async status(key: string): Promise<PartialBlob> {
    let received = 0
    try {
      received = (await stat(this.partPath(key))).size
    } catch (error) {
      if (!isMissing(error)) throw error
    }
    let size: number | null = null
    try {
      const sidecar = JSON.parse(await readFile(this.sidecarPath(key), 'utf8')) as { size?: unknown }
      if (typeof sidecar.size === 'number') size = sidecar.size
    } catch (error) {
      if (!isMissing(error) && !(error instanceof SyntaxError)) throw error
    }
    return { received, size }
  }

  /**
   * Appends `bytes` at offset `first` of a blob of `total` bytes. Once every byte is there the whole
   * file is hashed: a match is handed to `store` (the person's FileStore) and the partial removed.
   * Throws BlobPartConflict (busy, wrong offset, another total) or BlobHashMismatch.
   */
  async append(
    key: string,
    first: number,
    total: number,
    bytes: Uint8Array,
    store: StoreBlob,
  ): Promise<PartialBlob & { complete: boolean }> {
    return this.exclusive(key, async () => {
      const held = await this.status(key)
      checkContinues(held, first, total)
      if (held.size === null) {
        await mkdir(this.dir, { recursive: true })
        await writeFile(this.sidecarPath(key), JSON.stringify({ size: total }))
      }
      await appendFile(this.partPath(key), bytes)
      const received = held.received + bytes.length
      if (received < total) return { received, size: total, complete: false }
      await this.finish(key, store)
      return { received: total, size: total, complete: true }
    })
  }

  /**
   * Finishes a partial that already holds all its bytes (stored: true), discards one holding more
   * than declared; anything else is left as it is. Throws BlobHashMismatch like `append`.
   */
  async settle(key: string, store: StoreBlob): Promise<boolean> {
    const held = await this.status(key)
    if (held.size === null || held.received < held.size || this.busy.has(key)) return false
    return this.exclusive(key, async () => {
      const again = await this.status(key)
      if (again.size === null || again.received < again.size) return false
      if (again.received > again.size) {
        await this.discard(key)
        return false
      }
      await this.finish(key, store)
      return true
    })
  }

  async discard(key: string): Promise<void> {
    await rm(this.partPath(key), { force: true })
    await rm(this.sidecarPath(key), { force: true })
  }

  private async finish(key: string, store: StoreBlob): Promise<void> {
    const whole = new Uint8Array(await readFile(this.partPath(key)))
    await storeWhole(key, whole, store, () => this.discard(key))
  }

  private async exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    if (this.busy.has(key)) {
      const { received } = await this.status(key)
      throw new BlobPartConflict(
        'Another part of this blob is being written; ask for the status and resume',
        received,
      )
    }
    this.busy.add(key)
    try {
      return await work()
    } finally {
      this.busy.delete(key)
    }
  }

  private partPath(key: string): string {
    return join(this.dir, `${checked(key)}.part`)
  }

  private sidecarPath(key: string): string {
    return join(this.dir, `${checked(key)}.json`)
  }
}

/**
 * Only a SHA-256 in lowercase hex is a key (the routes answer 404 before this): keys become file names
 * here and row keys in PostgreSQL.
 */
export function checked(key: string): string {
  if (!FILE_KEY.test(key)) throw new Error(`Not a blob key: ${key}`)
  return key
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT'
}

/**
 * Hands a whole upload to `store` when its SHA-256 is its key, then lets the partial go (`discard`);
 * bytes that hash otherwise are discarded and refused with BlobHashMismatch.
 */
export async function storeWhole(
  key: string,
  whole: Uint8Array,
  store: StoreBlob,
  discard: () => Promise<void>,
): Promise<void> {
  const actual = await sha256Hex(whole)
  if (actual !== key) {
    await discard()
    throw new BlobHashMismatch(actual)
  }
  await store(whole)
  await discard()
}

/** Refuses a part that does not continue the upload held: another total, or not where it stopped. */
export function checkContinues(held: PartialBlob, first: number, total: number) {
  if (held.size !== null && held.size !== total) {
    throw new BlobPartConflict(
      `This upload was started with a total of ${held.size} bytes, not ${total}`,
      held.received,
    )
  }
  if (first !== held.received) {
    throw new BlobPartConflict(
      `The server holds ${held.received} bytes of this blob; send the part starting there`,
      held.received,
    )
  }
}

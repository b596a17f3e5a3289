import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { sha256Hex } from '../../../web/core/store/FileStore'
import { BlobHashMismatch, BlobPartConflict, BlobParts } from './BlobParts'

describe('BlobParts', () => {
  const dirs: string[] = []
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'blob-parts-'))
    dirs.push(dir)
    return dir
  }
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('appends in order, then stores the verified whole and forgets the partial', async () => {
    const parts = new BlobParts(fresh())
    const bytes = new TextEncoder().encode('hello, blob')
    const key = await sha256Hex(bytes)
    const stored: Uint8Array[] = []
    const store = async (whole: Uint8Array) => stored.push(whole)
    expect(await parts.append(key, 0, 11, bytes.slice(0, 5), store)).toEqual({
      received: 5,
      size: 11,
      complete: false,
    })
    await expect(parts.append(key, 0, 11, bytes.slice(0, 5), store)).rejects.toMatchObject({ received: 5 })
    await expect(parts.append(key, 5, 12, bytes.slice(5), store)).rejects.toBeInstanceOf(BlobPartConflict)
    expect(await parts.append(key, 5, 11, bytes.slice(5), store)).toEqual({
      received: 11,
      size: 11,
      complete: true,
    })
    expect(stored).toEqual([bytes])
    expect(await parts.status(key)).toEqual({ received: 0, size: null })
  })

  it('settles a partial that holds every byte (a crash before it was stored), discarding a bad one', async () => {
    const dir = fresh()
    const bytes = new TextEncoder().encode('all here')
    const key = await sha256Hex(bytes)
    writeFileSync(join(dir, `${key}.part`), bytes)
    writeFileSync(join(dir, `${key}.json`), JSON.stringify({ size: bytes.length }))
    const stored: Uint8Array[] = []
    const parts = new BlobParts(dir)
    expect(await parts.settle(key, async (whole) => stored.push(whole))).toBe(true)
    expect(stored).toEqual([bytes])
    expect(await parts.status(key)).toEqual({ received: 0, size: null })

    const other = await sha256Hex(new TextEncoder().encode('something else'))
    writeFileSync(join(dir, `${other}.part`), bytes)
    writeFileSync(join(dir, `${other}.json`), JSON.stringify({ size: bytes.length }))
    await expect(parts.settle(other, async () => undefined)).rejects.toBeInstanceOf(BlobHashMismatch)
    expect(await parts.status(other)).toEqual({ received: 0, size: null })
  })

  it('refuses keys that are not SHA-256 hex before touching the disk', async () => {
    await expect(new BlobParts(fresh()).status('../escape')).rejects.toThrow(/Not a blob key/)
  })
})

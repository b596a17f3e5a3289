import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'
import { sha256Hex } from '../../../web/core/store/FileStore'
import { corpusDir } from '../../../web/core/testing/corpusDir'
import { testPgPool } from '../../test/postgres/testPgPool'
import { PgFileStore } from '../files/PgFileStore'
import { BlobParts } from '../syncApi/BlobParts'
import { PgBlobParts } from '../syncApi/PgBlobParts'
import { moveBlobUploads } from './moveBlobUploads'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../..', import.meta.url)))
const SCHEMA = 'u_moved'
const db = testPgPool(2)
const dir = mkdtempSync(join(tmpdir(), 'quire-move-uploads-'))

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

const read = (path: string) => new Uint8Array(readFileSync(join(corpus, path)))

it('moves partial uploads resumable, stores complete ones, leaves what no server would resume, and reruns the same', async () => {
  // The person's blob-parts folder as the SQLite server leaves it, written by BlobParts itself.
  const onDisk = new BlobParts(join(dir, 'blob-parts'))
  const neverStored = async () => {
    throw new Error('not yet')
  }
  const partial = read('docx/docling__word_sample.docx')
  const partialKey = await sha256Hex(partial)
  await onDisk.append(partialKey, 0, partial.length, partial.subarray(0, 5000), neverStored)
  // Every byte arrived but the server stopped before storing it (the status route would have).
  const whole = read('docx/mammoth__empty.docx')
  const wholeKey = await sha256Hex(whole)
  const leave = (key: string, bytes: Uint8Array, size?: number) => {
    writeFileSync(join(dir, 'blob-parts', `${key}.part`), bytes)
    if (size !== undefined) writeFileSync(join(dir, 'blob-parts', `${key}.json`), JSON.stringify({ size }))
  }
  leave(wholeKey, whole, whole.length)
  // All bytes but under another key: the server would discard it.
  const wrongKey = 'a'.repeat(64)
  leave(wrongKey, whole, whole.length)
  // Bytes without a declared total.
  const noTotal = 'b'.repeat(64)
  leave(noTotal, whole.subarray(0, 10))

  for (let run = 0; run < 2; run++) {
    const moved = await moveBlobUploads(db.pool, SCHEMA, dir)
    expect(moved).toEqual({ uploads: 1, bytes: 5000, stored: 1, skipped: [wrongKey, noTotal].sort() })
    const parts = await PgBlobParts.open(db.pool, SCHEMA)
    expect(await parts.status(partialKey)).toEqual({ received: 5000, size: partial.length })
    expect(await parts.status(wholeKey)).toEqual({ received: 0, size: null })
    expect(await parts.status(wrongKey)).toEqual({ received: 0, size: null })
    const files = await PgFileStore.open(db.pool, SCHEMA)
    expect(Buffer.from((await files.get(wholeKey))!).equals(Buffer.from(whole))).toBe(true)
  }
})

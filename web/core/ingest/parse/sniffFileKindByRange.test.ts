import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { corpusDir } from '../../testing/corpusDir'
import { sniffFileKind } from './sniffFileKind'
import { sniffFileKindByRange, type ReadRange } from './sniffFileKindByRange'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../../../', import.meta.url)))

/** A ReadRange over bytes in memory that counts what it was asked for. */
function reader(bytes: Uint8Array): { read: ReadRange; bytesRead: () => number } {
  let total = 0
  return {
    read: async (start, end) => {
      const slice = bytes.slice(start, Math.min(end, bytes.length))
      total += slice.length
      return slice
    },
    bytesRead: () => total,
  }
}

const sniffByRange = (bytes: Uint8Array, name: string) =>
  sniffFileKindByRange(reader(bytes).read, bytes.length, name)

describe('sniffFileKindByRange', () => {
  it('answers as sniffFileKind on the whole file for every corpus file', async () => {
    const folders = ['pdf', 'docx', 'doc', 'pptx', 'ppt', 'md', 'html', 'adversarial']
    let compared = 0
    for (const folder of folders) {
      for (const name of readdirSync(`${corpus}/${folder}`)) {
        const bytes = new Uint8Array(readFileSync(`${corpus}/${folder}/${name}`))
        expect(await sniffByRange(bytes, name), `${folder}/${name}`).toBe(sniffFileKind(bytes, name))
        compared++
      }
    }
    expect(compared).toBeGreaterThan(30)
  })

  it('tells DOCX, PPTX and other ZIPs apart from the directory, also behind a comment', async () => {
    const docx = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w/>') })
    const pptx = zipSync({ 'ppt/presentation.xml': strToU8('<p/>') }, { comment: 'x'.repeat(40_000) })
    const other = zipSync({ 'notes.txt': strToU8('hello') })
    expect(await sniffByRange(docx, 'a.docx')).toBe('docx')
    expect(await sniffByRange(pptx, 'a.pptx')).toBe('pptx')
    expect(await sniffByRange(other, 'a.docx')).toBeUndefined()
    expect(sniffFileKind(other, 'a.docx')).toBeUndefined()
  })

  it('reads a big ZIP’s head and end only, not its entries', async () => {
    const noise = new Uint8Array(8 * 1024 * 1024).fill(7)
    const docx = zipSync({ 'word/document.xml': strToU8('<w/>'), 'word/media/big.bin': noise }, { level: 0 })
    const counted = reader(docx)
    expect(await sniffFileKindByRange(counted.read, docx.length, 'big.docx')).toBe('docx')
    expect(counted.bytesRead()).toBeLessThan(200 * 1024)
  })

  it('finds no kind in a truncated or damaged ZIP, as on the whole file', async () => {
    const docx = zipSync({ 'word/document.xml': strToU8('<w/>') })
    const truncated = docx.subarray(0, docx.length - 10)
    expect(await sniffByRange(truncated, 'a.docx')).toBe(sniffFileKind(truncated, 'a.docx'))
    expect(await sniffByRange(truncated, 'a.docx')).toBeUndefined()
    // A directory offset pointing past the end record.
    const damaged = new Uint8Array(docx)
    new DataView(damaged.buffer).setUint32(damaged.length - 22 + 16, damaged.length, true)
    expect(await sniffByRange(damaged, 'a.docx')).toBeUndefined()
  })
})

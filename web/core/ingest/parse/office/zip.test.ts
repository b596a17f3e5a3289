import { deflateSync, strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { ParseError } from '../../ParseError'
import { readRelationships } from './relationships'
import { isXmlPart, openZip } from './zip'

const MB = 1024 * 1024

/**
 * A ZIP written by hand, so its headers can say what a hostile file's say: each entry's declared
 * (uncompressed) size, and which stored data it points at (entries may share one deflate stream).
 */
function forgedZip(
  data: Uint8Array[],
  entries: { name: string; data: number; declaredSize: number }[],
): Uint8Array {
  const out: number[] = []
  // Each argument is [bytes, value], written little-endian.
  const write = (...fields: [2 | 4, number][]) => {
    for (const [bytes, value] of fields) for (let i = 0; i < bytes; i++) out.push((value >>> (8 * i)) & 0xff)
  }
  const offsets = data.map((stream, i) => {
    const offset = out.length
    const name = strToU8(`stream${i}`)
    // Local header: signature, version, flags, method 8 (deflate), time, date, CRC, sizes, name, extra.
    write([4, 0x04034b50], [2, 20], [2, 0], [2, 8], [2, 0], [2, 0], [4, 0], [4, stream.length], [4, 0])
    write([2, name.length], [2, 0])
    out.push(...name, ...stream)
    return offset
  })
  const directory = out.length
  for (const entry of entries) {
    const name = strToU8(entry.name)
    const stream = data[entry.data]!
    // Central header: as above with the declared size, then lengths, disk, attributes, local offset.
    write([4, 0x02014b50], [2, 20], [2, 20], [2, 0], [2, 8], [2, 0], [2, 0], [4, 0])
    write([4, stream.length], [4, entry.declaredSize], [2, name.length], [2, 0], [2, 0], [2, 0], [2, 0])
    write([4, 0], [4, offsets[entry.data]!])
    out.push(...name)
  }
  const size = out.length - directory
  write([4, 0x06054b50], [2, 0], [2, 0], [2, entries.length], [2, entries.length], [4, size], [4, directory])
  write([2, 0])
  return Uint8Array.from(out)
}

function caught(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

describe('openZip', () => {
  it('reads wanted parts case-insensitively and leaves the rest packed', () => {
    const zip = openZip(
      zipSync({ 'word/Document.xml': strToU8('<x/>'), 'word/media/a.png': new Uint8Array(9) }),
      isXmlPart,
    )
    expect(zip.text('word/document.xml')).toBe('<x/>')
    expect(zip.has('word/media/a.png')).toBe(false)
  })

  it('turns bytes that are not a ZIP into ParseError corrupt', () => {
    const error = (() => {
      try {
        openZip(strToU8('PK\u0003\u0004 this is not really a zip archive at all'), isXmlPart)
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ParseError)
    expect((error as ParseError).code).toBe('corrupt')
  })

  it('resolves relationship targets relative to the source part', () => {
    const rels =
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://x/notesSlide" Target="../notesSlides/notesSlide1.xml"/>' +
      '<Relationship Id="rId2" Type="http://x/hyperlink" Target="https://example.com" TargetMode="External"/>' +
      '</Relationships>'
    const zip = openZip(zipSync({ 'ppt/slides/_rels/slide1.xml.rels': strToU8(rels) }), isXmlPart)
    expect(readRelationships(zip, 'ppt/slides/slide1.xml')).toEqual([
      { id: 'rId1', type: 'http://x/notesSlide', target: 'ppt/notesSlides/notesSlide1.xml' },
    ])
  })

  describe('bounds what a hostile package unpacks to', () => {
    const small = deflateSync(new Uint8Array(1024))

    it('refuses a part declaring more than 64 MB before inflating it', () => {
      const error = caught(() =>
        openZip(
          forgedZip([small], [{ name: 'word/document.xml', data: 0, declaredSize: 65 * MB }]),
          isXmlPart,
        ),
      )
      expect(error).toMatchObject({
        code: 'too_large',
        message: expect.stringMatching(/over 64 MB unpacked/),
      })
    })

    it('refuses entries that together declare more than 256 MB, even all pointing at the same data', () => {
      const entries = Array.from({ length: 5 }, (_, i) => ({
        name: `p/${i}.xml`,
        data: 0,
        declaredSize: 60 * MB,
      }))
      const error = caught(() => openZip(forgedZip([small], entries), isXmlPart))
      expect(error).toMatchObject({
        code: 'too_large',
        message: expect.stringMatching(/over 256 MB unpacked/),
      })
    })

    it('keeps no more of a part than it declares, however much its data inflates to', () => {
      const bomb = deflateSync(new Uint8Array(8 * MB).fill(0x41))
      const zip = openZip(
        forgedZip([bomb], [{ name: 'word/document.xml', data: 0, declaredSize: 100 }]),
        isXmlPart,
      )
      expect(zip.text('word/document.xml')?.length).toBe(100)
    })

    it('refuses more than 20,000 parts to read', () => {
      const parts: Record<string, Uint8Array> = {}
      for (let i = 0; i <= 20_000; i++) parts[`ppt/slides/slide${i}.xml`] = strToU8('<x/>')
      expect(caught(() => openZip(zipSync(parts, { level: 0 }), isXmlPart))).toMatchObject({
        code: 'too_large',
        message: expect.stringMatching(/more than 20000 parts/),
      })
    })

    it('stops walking a forged ZIP64 entry count at 50,000 entries', () => {
      // One real entry, and a ZIP64 end record claiming 200,000: fflate walks on past the file's end.
      const zip = forgedZip([small], [{ name: 'word/document.xml', data: 0, declaredSize: 1024 }])
      const eocd = zip.length - 22
      const directory = new DataView(zip.buffer).getUint32(eocd + 16, true)
      const zip64 = new Uint8Array(56 + 20)
      const view = new DataView(zip64.buffer)
      view.setUint32(0, 0x06064b50, true)
      view.setUint32(32, 200_000, true) // entries in total
      view.setUint32(48, directory, true) // where the directory starts
      view.setUint32(56, 0x07064b50, true) // the locator, whose offset (at e - 12) names the record
      view.setUint32(56 + 8, eocd, true)
      const forged = new Uint8Array(zip.length + zip64.length)
      forged.set(zip.subarray(0, eocd))
      forged.set(zip64, eocd)
      forged.set(zip.subarray(eocd), eocd + zip64.length)
      const error = caught(() => openZip(forged, isXmlPart))
      expect(error).toBeInstanceOf(ParseError)
      expect(error).toMatchObject({
        code: 'too_large',
        message: expect.stringMatching(/more than 50000 entries/),
      })
    })
  })
})

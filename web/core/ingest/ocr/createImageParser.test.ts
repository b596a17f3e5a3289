import { describe, expect, it } from 'vitest'
import { ParseError } from '../ParseError'
import { createImageParser } from './createImageParser'
import type { OcrEngine } from './OcrEngine'

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])

/** An engine that answers from a script, one answer per call (an Error is thrown). */
function scripted(answers: Array<string | Error>): OcrEngine & { images: Uint8Array[] } {
  const images: Uint8Array[] = []
  return {
    images,
    async recognize(image) {
      images.push(image)
      const answer = answers[images.length - 1] ?? ''
      if (answer instanceof Error) throw answer
      return { text: answer, confidence: 87.4 }
    },
  }
}

/**
 * A multi-page TIFF as scanners write them: little-endian, uncompressed 8-bit grey pages (4x4, white),
 * one IFD per page chained by their next-IFD offsets.
 */
function tiff(pages: number): Uint8Array {
  const side = 4
  const tags = 8
  const ifdSize = 2 + tags * 12 + 4
  const pageSize = ifdSize + side * side
  const bytes = new Uint8Array(8 + pages * pageSize)
  const view = new DataView(bytes.buffer)
  bytes.set([0x49, 0x49, 0x2a, 0])
  view.setUint32(4, 8, true)
  for (let page = 0; page < pages; page++) {
    const at = 8 + page * pageSize
    const pixels = at + ifdSize
    view.setUint16(at, tags, true)
    const entries: Array<[number, number, number]> = [
      [256, 3, side], // width
      [257, 3, side], // height
      [258, 3, 8], // bits per sample
      [259, 3, 1], // no compression
      [262, 3, 1], // black is zero
      [273, 4, pixels], // strip offset
      [278, 3, side], // rows per strip
      [279, 4, side * side], // strip byte count
    ]
    for (const [index, [tag, type, value]] of entries.entries()) {
      const entry = at + 2 + index * 12
      view.setUint16(entry, tag, true)
      view.setUint16(entry + 2, type, true)
      view.setUint32(entry + 4, 1, true)
      if (type === 3) view.setUint16(entry + 8, value, true)
      else view.setUint32(entry + 8, value, true)
    }
    view.setUint32(at + 2 + tags * 12, page + 1 < pages ? at + pageSize : 0, true)
    bytes.fill(255, pixels, pixels + side * side)
  }
  return bytes
}

describe('createImageParser', () => {
  it('makes paragraphs of the recognised text, page 1, with the confidence for the document', async () => {
    const engine = scripted(['Net sales rose\nby four percent.\n\nSecond paragraph here.'])
    const progress: number[] = []
    const parsed = await createImageParser(async () => engine).parse(PNG, {
      onProgress: (f) => progress.push(f),
    })
    expect(parsed.blocks.map((block) => [block.text, block.page])).toEqual([
      ['Net sales rose by four percent.', 1],
      ['Second paragraph here.', 1],
    ])
    expect(parsed.ocr).toEqual([{ page: 1, confidence: 87 }])
    expect(parsed.pages).toBe(1)
    expect(progress).toEqual([1])
    expect(engine.images[0]).toBe(PNG)
  })

  it('fails an image without text clearly', async () => {
    const parse = createImageParser(async () => scripted(['  \n|| ~ ..\n']))
    const error = await parse.parse(PNG, {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ParseError)
    expect((error as ParseError).code).toBe('no_text')
    expect((error as ParseError).message).toBe('No text found in the image.')
  })

  it('reads a multi-page TIFF page by page; a page that fails OCR fails only itself', async () => {
    const engine = scripted(['First page words', new Error('engine crashed'), 'Third page words'])
    const progress: number[] = []
    const parsed = await createImageParser(async () => engine).parse(tiff(3), {
      onProgress: (f) => progress.push(f),
    })
    expect(engine.images).toHaveLength(3)
    // Each page goes to the engine as a PNG.
    expect(engine.images.every((image) => image[0] === 0x89 && image[1] === 0x50)).toBe(true)
    expect(parsed.blocks.map((block) => [block.text, block.page])).toEqual([
      ['First page words', 1],
      ['Third page words', 3],
    ])
    expect(parsed.pages).toBe(3)
    expect(parsed.ocr?.map((report) => report.page)).toEqual([1, 3])
    expect(progress.map((f) => f.toFixed(2))).toEqual(['0.33', '0.67', '1.00'])
  })

  it('reports a file every page of which failed as unreadable, with the reason', async () => {
    const parse = createImageParser(async () => scripted([new Error('Error attempting to read image.')]))
    const error = await parse.parse(PNG, {}).catch((e: unknown) => e)
    expect((error as ParseError).code).toBe('corrupt')
    expect((error as ParseError).message).toMatch(/could not be read: Error attempting to read image/)
  })
})

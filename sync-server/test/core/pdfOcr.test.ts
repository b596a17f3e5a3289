import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadNodeCanvas } from '../../src/ingest/nodeCanvas'
import { loadNodePdfJs } from '../../src/ingest/nodePdfjs'
import { corpusDir } from '../../../web/core/testing/corpusDir'
import { parseErrorOf } from '../../../web/core/testing/parseErrorOf'
import { hugePagePdf } from '../../../web/core/testing/node/hostileIngestFiles'
import { writePdf } from '../../../web/core/testing/writePdf'
import { createPdfParser } from '../../../web/core/ingest/parse/pdf/createPdfParser'
import type { OcrEngine } from '../../../web/core/ingest/ocr/OcrEngine'
import { MAX_RENDER_PIXELS } from '../../../web/core/ingest/ocr/renderPdfPage'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../../', import.meta.url)))
const read = (file: string) => new Uint8Array(readFileSync(`${corpus}/${file}`))

/** Records what the parser hands the engine and answers from a script. */
function scripted(answer: string | Error): OcrEngine & { images: Uint8Array[] } {
  const images: Uint8Array[] = []
  return {
    images,
    async recognize(image) {
      images.push(image)
      if (answer instanceof Error) throw answer
      return { text: answer, confidence: 91.2 }
    },
  }
}

const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset)
  return [view.getUint32(16), view.getUint32(20)]
}

// The PDF parser with an OCR engine, on the corpus's real PDFs through pdf.js (the engine is scripted:
// the real one is exercised over HTTP in sync-server/test/ocr.test.ts and e2e/ocr.spec.ts).
describe('PDF pages read by OCR', () => {
  const parser = (engine: OcrEngine) =>
    createPdfParser(loadNodePdfJs, { loadOcr: async () => engine, loadCanvas: loadNodeCanvas })

  it('hands OCR the page drawn by pdf.js at 300 dpi, in grey, and keeps the text it returns', async () => {
    const engine = scripted('We went tip-toeing along a path\namongst the trees.\n\nHe listened some more.')
    const progress: number[] = []
    const parsed = await parser(engine).parse(read('pdf/ocrmypdf__c02-22.pdf'), {
      onProgress: (fraction) => progress.push(fraction),
    })
    expect(engine.images).toHaveLength(1)
    const png = engine.images[0]!
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG')
    // The page is 384 x 470.88 points: 1600 x 1962 pixels at 300 dpi (the scan in it is 800 x 981).
    expect(pngSize(png)).toEqual([1600, 1962])
    expect(png[25]).toBe(0) // PNG colour type 0: grey
    expect(parsed.blocks.map((block) => [block.text, block.page])).toEqual([
      ['We went tip-toeing along a path amongst the trees.', 1],
      ['He listened some more.', 1],
    ])
    expect(parsed.ocr).toEqual([{ page: 1, confidence: 91 }])
    expect(progress).toEqual([1])
  })

  it('draws a page turned by /Rotate upright: its width and height swap', async () => {
    const engine = scripted('Upright.')
    await parser(engine).parse(
      writePdf([{ width: 144, height: 432, rotate: 90, content: '0 g 20 20 100 300 re f' }]),
    )
    expect(pngSize(engine.images[0]!)).toEqual([1800, 600])
  })

  it('draws a huge page at a lower resolution, within the pixel cap', async () => {
    const engine = scripted('A poster.')
    // A0 (841 x 1189 mm) would be 140 million pixels at 300 dpi.
    await parser(engine).parse(writePdf([{ width: 2384, height: 3370, content: '0 g 100 100 500 500 re f' }]))
    const [width, height] = pngSize(engine.images[0]!)
    expect(width! * height!).toBeLessThanOrEqual(MAX_RENDER_PIXELS)
    expect(width! * height!).toBeGreaterThan(MAX_RENDER_PIXELS * 0.99)
    expect(width! / height!).toBeCloseTo(2384 / 3370, 2)
  })

  it('does not OCR a page that draws nothing', async () => {
    const engine = scripted('should not be used')
    const error = await parseErrorOf(
      parser(engine).parse(writePdf([{ width: 200, height: 200, content: '' }])),
    )
    expect(engine.images).toHaveLength(0)
    expect(error.message).toMatch(/page 1: the page is blank/)
  })

  it('issue 39: a page too large to draw readably is not drawn and the PDF ends too_large, naming its size', async () => {
    const engine = scripted('never asked')
    // 14400 points (5 m) a side, the largest a PDF allows: within the pixel cap it would be 17 dpi.
    const error = await parseErrorOf(parser(engine).parse(hugePagePdf(14_400)))
    expect(engine.images).toHaveLength(0)
    expect(error).toMatchObject({ code: 'too_large' })
    expect(error.message).toMatch(
      /page 1 is 14400 x 14400 points \(508 x 508 cm\): .* 12 million pixels .* 17 dpi, below the 50 dpi OCR needs/,
    )
  })

  it('a 2A0 poster (62 dpi within the cap) is still drawn', async () => {
    const engine = scripted('A big poster.')
    const parsed = await parser(engine).parse(
      writePdf([{ width: 3370, height: 4768, content: '0 g 100 100 500 500 re f' }]),
    )
    expect(engine.images).toHaveLength(1)
    expect(parsed.blocks[0]?.text).toBe('A big poster.')
  })

  it("reads a page's largest image at the scan's own resolution where the host cannot draw", async () => {
    const engine = scripted('We went tip-toeing along a path.')
    const parsed = await createPdfParser(loadNodePdfJs, {
      loadOcr: async () => engine,
      loadCanvas: () => Promise.reject(new Error('no canvas on this platform')),
    }).parse(read('pdf/ocrmypdf__c02-22.pdf'))
    expect(pngSize(engine.images[0]!)).toEqual([800, 981])
    expect(parsed.blocks.map((block) => block.text)).toEqual(['We went tip-toeing along a path.'])
  })

  it('fails only the page that cannot be drawn: the document keeps its other pages', async () => {
    const engine = scripted('should not be used')
    class FailingCanvasFactory {
      create(): never {
        throw new Error('out of canvas memory')
      }
      reset() {}
      destroy() {}
    }
    const parsed = await createPdfParser(loadNodePdfJs, {
      loadOcr: async () => engine,
      loadCanvas: async () => ({ CanvasFactory: FailingCanvasFactory }),
    }).parse(
      writePdf([
        { width: 300, height: 200, content: 'BT /F1 12 Tf 20 100 Td (The harbour froze in January.) Tj ET' },
        { width: 300, height: 200, content: '0 g 20 20 100 100 re f' },
      ]),
    )
    expect(engine.images).toHaveLength(0)
    expect(parsed.blocks.map((block) => [block.text, block.page])).toEqual([
      ['The harbour froze in January.', 1],
    ])
    expect(parsed.ocr).toBeUndefined()
  })

  it('fails only the page whose OCR fails: a lone scanned page then has no text, said plainly', async () => {
    const error = await parseErrorOf(
      parser(scripted(new Error('out of memory'))).parse(read('pdf/ocrmypdf__c02-22.pdf')),
    )
    expect(error.code).toBe('no_text')
    expect(error.message).toBe(
      'This PDF has no extractable text, and OCR found no text in its pages (page 1: out of memory)',
    )
  })

  it('leaves pages with a good text layer alone', async () => {
    const engine = scripted('should not be used')
    const parsed = await parser(engine).parse(read('pdf/pdfminer__dmca.pdf'))
    expect(engine.images).toHaveLength(0)
    expect(parsed.ocr).toBeUndefined()
  })
})

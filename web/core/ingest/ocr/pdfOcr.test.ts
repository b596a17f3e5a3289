import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadNodePdfJs } from '../../../../sync-server/src/ingest/nodePdfjs'
import { corpusDir } from '../../testing/corpusDir'
import { parseErrorOf } from '../../testing/parseErrorOf'
import { createPdfParser } from '../parse/pdf/createPdfParser'
import type { OcrEngine } from './OcrEngine'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../../../', import.meta.url)))
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
  it("hands a scanned page's image to OCR at the scan's own resolution and keeps the text it returns", async () => {
    const engine = scripted('We went tip-toeing along a path\namongst the trees.\n\nHe listened some more.')
    const progress: number[] = []
    const parsed = await createPdfParser(loadNodePdfJs, { loadOcr: async () => engine }).parse(
      read('pdf/ocrmypdf__c02-22.pdf'),
      { onProgress: (fraction) => progress.push(fraction) },
    )
    expect(engine.images).toHaveLength(1)
    expect([...engine.images[0]!.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG')
    expect(pngSize(engine.images[0]!)).toEqual([800, 981])
    expect(parsed.blocks.map((block) => [block.text, block.page])).toEqual([
      ['We went tip-toeing along a path amongst the trees.', 1],
      ['He listened some more.', 1],
    ])
    expect(parsed.ocr).toEqual([{ page: 1, confidence: 91 }])
    expect(progress).toEqual([1])
  })

  it('fails only the page whose OCR fails: a lone scanned page then has no text, said plainly', async () => {
    const error = await parseErrorOf(
      createPdfParser(loadNodePdfJs, { loadOcr: async () => scripted(new Error('out of memory')) }).parse(
        read('pdf/ocrmypdf__c02-22.pdf'),
      ),
    )
    expect(error.code).toBe('no_text')
    expect(error.message).toBe(
      'This PDF has no extractable text, and OCR found no text in its pages (page 1: out of memory)',
    )
  })

  it('leaves pages with a good text layer alone', async () => {
    const engine = scripted('should not be used')
    const parsed = await createPdfParser(loadNodePdfJs, { loadOcr: async () => engine }).parse(
      read('pdf/pdfminer__dmca.pdf'),
    )
    expect(engine.images).toHaveLength(0)
    expect(parsed.ocr).toBeUndefined()
  })
})

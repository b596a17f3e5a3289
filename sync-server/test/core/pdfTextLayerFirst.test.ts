import { describe, expect, it } from 'vitest'
import { loadNodeCanvas } from '../../src/ingest/nodeCanvas'
import { loadNodePdfJs } from '../../src/ingest/nodePdfjs'
import type { OcrPagesRead, ParsedDocument } from '../../../web/core/ingest/DocumentModel'
import type { OcrEngine } from '../../../web/core/ingest/ocr/OcrEngine'
import { createPdfParser } from '../../../web/core/ingest/parse/pdf/createPdfParser'
import { writePdf } from '../../../web/core/testing/writePdf'

/** Answers each image with the next of `answers` and records the order of the calls. */
function scripted(answers: readonly string[]): OcrEngine & { calls: number } {
  const engine = {
    calls: 0,
    async recognize() {
      const text = answers[engine.calls++] ?? ''
      return { text, confidence: 90 }
    },
  }
  return engine
}

const textPage = (line: string) => ({
  width: 300,
  height: 200,
  content: `BT /F1 12 Tf 20 100 Td (${line}) Tj ET`,
})
/** A page with no text layer: a filled square that is drawn, and so handed to OCR. */
const scanPage = { width: 300, height: 200, content: '0 g 20 20 100 100 re f' }

// The PDF parser reads every page's text layer before any scanned page (ParseOptions.onPartial): the
// real pdf.js and canvas, with a scripted OCR engine (the real one runs in sync-server/test/longDocuments.test.ts).
describe('a PDF with text pages and scanned pages', () => {
  const pdf = writePdf([
    textPage('The lighthouse keeper logged the storm.'),
    scanPage,
    textPage('The ferry left at noon.'),
    scanPage,
  ])

  it('hands over the text layer first, then each scanned page, and resolves to the whole in page order', async () => {
    const engine = scripted([
      'Pilots guide tankers through the narrows.',
      'Quarantine flags fly at the pier.',
    ])
    const parser = createPdfParser(loadNodePdfJs, { loadOcr: async () => engine, loadCanvas: loadNodeCanvas })
    const partials: Array<{ texts: string[]; ocr: OcrPagesRead; enginesCalled: number }> = []
    const texts = (parsed: ParsedDocument) => parsed.blocks.map((block) => `${block.page}: ${block.text}`)
    const whole = await parser.parse(pdf, {
      onPartial: (partial, ocr) => partials.push({ texts: texts(partial), ocr, enginesCalled: engine.calls }),
    })
    expect(partials).toEqual([
      {
        texts: ['1: The lighthouse keeper logged the storm.', '3: The ferry left at noon.'],
        ocr: { done: 0, total: 2 },
        enginesCalled: 0,
      },
      {
        texts: [
          '1: The lighthouse keeper logged the storm.',
          '2: Pilots guide tankers through the narrows.',
          '3: The ferry left at noon.',
        ],
        ocr: { done: 1, total: 2 },
        enginesCalled: 1,
      },
      {
        texts: [
          '1: The lighthouse keeper logged the storm.',
          '2: Pilots guide tankers through the narrows.',
          '3: The ferry left at noon.',
          '4: Quarantine flags fly at the pier.',
        ],
        ocr: { done: 2, total: 2 },
        enginesCalled: 2,
      },
    ])
    expect(texts(whole)).toEqual(partials[2]!.texts)
    expect(whole.ocr?.map((report) => report.page)).toEqual([2, 4])
  })

  it('hands over nothing early when no page needs OCR', async () => {
    const engine = scripted([])
    const parser = createPdfParser(loadNodePdfJs, { loadOcr: async () => engine, loadCanvas: loadNodeCanvas })
    const partials: unknown[] = []
    await parser.parse(writePdf([textPage('Only text here.')]), {
      onPartial: (partial) => partials.push(partial),
    })
    expect(partials).toEqual([])
    expect(engine.calls).toBe(0)
  })
})

import { beforeAll, describe, expect, it } from 'vitest'
import type { DocumentParser } from '../../web/core/ingest/DocumentModel'
import { textScan } from '../../web/core/testing/node/textScan'
import { scannedPdfs } from '../../web/core/testing/scannedPdfs'
import { nodeParsers } from '../src/ingest/nodeParsers'

const LINES = [
  'The lighthouse keeper counted ninety gulls at dawn.',
  'Saltwater had corroded the brass telescope.',
  'Every evening the lantern burned whale oil.',
]

/**
 * Scanned pages that reading a page's largest image could not read (0 words from the rotated page,
 * "no image on the page" for the mask and the outlines, one strip of three), read by the server's own
 * PDF parser: pdf.js draws each page on @napi-rs/canvas as a viewer shows it, and tesseract.js reads it.
 */
describe('PDF pages drawn by pdf.js for OCR on the server', () => {
  let pdfs: ReturnType<typeof scannedPdfs>
  const pdfParser = nodeParsers.find((parser) => parser.kinds.includes('pdf')) as DocumentParser

  beforeAll(async () => {
    pdfs = scannedPdfs(await textScan(LINES))
  })

  const read = async (bytes: Uint8Array) => {
    const parsed = await pdfParser.parse(bytes, {})
    return { text: parsed.blocks.map((block) => block.text).join('\n'), ocr: parsed.ocr }
  }

  it.each([
    ['a scan stored sideways on a page turned by /Rotate 90', 'rotated'],
    ['a 1-bit image mask', 'mask'],
    ['text drawn as vector outlines under a garbage invisible text layer', 'outlines'],
    ['a scan cut into three strips', 'strips'],
    ['a scan drawn through a luminosity soft mask', 'softMask'],
  ] as const)(
    'reads %s',
    async (_, kind) => {
      const { text, ocr } = await read(pdfs[kind])
      expect(text).toMatch(/lighthouse keeper counted ninety gulls/)
      expect(text).toMatch(/corroded the brass telescope/)
      expect(text).toMatch(/lantern burned whale oil/)
      expect(text).not.toMatch(/[#%&*+=<>~^|]{3}/)
      expect(ocr?.[0]?.confidence).toBeGreaterThan(80)
    },
    60_000,
  )
})

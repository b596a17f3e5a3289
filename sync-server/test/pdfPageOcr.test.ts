import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { DocumentParser } from '../../web/core/ingest/DocumentModel'
import { garbledFontPdf } from '../../web/core/testing/garbledFontPdf'
import { textScan } from '../../web/core/testing/node/textScan'
import { scannedPdfs } from '../../web/core/testing/scannedPdfs'
import { nodeParsers } from '../src/ingest/nodeParsers'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

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
    scaledTimeout(60_000),
  )

  it(
    'reads text whose font gives a garbage text layer from the glyphs pdf.js draws',
    async () => {
      // Liberation Sans, as pdf.js ships it for its standard fonts.
      const fonts = join(
        dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
        'standard_fonts',
      )
      const program = new Uint8Array(readFileSync(join(fonts, 'LiberationSans-Regular.ttf')))
      const { text, ocr } = await read(
        garbledFontPdf(program, [
          'The orchard cooperative planted forty quince trees.',
          'Rainwater from the barn roof fills two cisterns.',
        ]),
      )
      expect(text).toMatch(/orchard cooperative planted forty quince trees/)
      expect(text).toMatch(/barn roof fills two cisterns/)
      expect(text).not.toMatch(/[\uE000-\uF8FF]/u)
      expect(ocr?.[0]?.confidence).toBeGreaterThan(80)
    },
    scaledTimeout(60_000),
  )
})

import { PDF_OPEN_OPTIONS } from '../../../web/core/ingest/parse/pdf/createPdfParser'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { corpusDir } from '../../../web/core/testing/corpusDir'
import { loadNodePdfJs } from './nodePdfjs'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../../', import.meta.url)))
// Node's own, taken before any test loads pdf.js.
const { push } = Array.prototype
const { parse, stringify } = JSON

describe('loadNodePdfJs', () => {
  it('loads pdf.js once', () => {
    expect(loadNodePdfJs()).toBe(loadNodePdfJs())
  })

  it('opens a PDF on the fake worker and reads its text', async () => {
    const pdfjs = await loadNodePdfJs()
    const task = pdfjs.getDocument({
      ...PDF_OPEN_OPTIONS,
      data: new Uint8Array(readFileSync(`${corpus}/pdf/pdfjs__issue1293r.pdf`)),
    })
    try {
      const document = await task.promise
      expect(document.numPages).toBe(1)
      const content = await (await document.getPage(1)).getTextContent()
      expect(content.items.map((item) => ('str' in item ? item.str : '')).join('')).toContain('Issue 1293')
    } finally {
      await task.destroy()
    }
  })
})

describe("loadNodePdfJs and Node's own methods", () => {
  it("keeps Node's push and JSON, and what the legacy build adds", async () => {
    await loadNodePdfJs()
    expect(Array.prototype.push).toBe(push)
    expect(JSON.parse).toBe(parse)
    expect(JSON.stringify).toBe(stringify)
    // Added by the legacy build where Node 20 lacks it, and used by pdf.js.
    expect(typeof (Promise as { withResolvers?: unknown }).withResolvers).toBe('function')
  })
})

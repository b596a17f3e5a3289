import { PDF_OPEN_OPTIONS } from '../../../web/core/ingest/parse/pdf/createPdfParser'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { corpusDir } from '../../../web/core/testing/corpusDir'
import { loadNodePdfJs } from './nodePdfjs'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../../', import.meta.url)))

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

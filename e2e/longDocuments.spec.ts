import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from './support/test'
import { textAndScanPdf } from '../web/core/testing/node/textAndScanPdf'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { openApp } from './support/openApp'

/** Whether a search of every collection finds `query` in a passage of the document named `filename`. */
async function finds(page: Page, query: string, filename: string): Promise<boolean> {
  return page.evaluate(
    async ({ query, filename }) => {
      const response = await fetch('/api/search_u/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, top_k: 5 }),
      })
      const { chunks } = (await response.json()) as { chunks: Array<{ document_id: string }> }
      const documents = (await (await fetch('/api/documents/')).json()) as Array<{
        id: string
        original_filename: string
      }>
      const id = documents.find((document) => document.original_filename === filename)?.id
      return chunks.some((chunk) => chunk.document_id === id)
    },
    { query, filename },
  )
}

/** How late the OCR engine's language data arrives: several of the document list's one-second polls. */
const LANGUAGE_DATA_DELAY_MS = 5_000

// In the browser (no server: the ingest Web Worker and tesseract.js served by the app), a PDF with scanned
// pages is Ready, and searchable, from its text layer while its scans are read; the row says how far.
test('a PDF is searchable from its text layer while its scanned pages are read, page by page', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(300_000))
  const dir = mkdtempSync(join(tmpdir(), 'quire-long-'))
  const file = join(dir, 'logbook.pdf')
  writeFileSync(
    file,
    await textAndScanPdf([
      { text: 'The lighthouse keeper logged the northern storm.' },
      { scan: ['Pilots guide tankers through the narrows.'] },
      { text: 'The ferry to the island left at noon.' },
      { scan: ['Customs officers weighed the cargo.'] },
      { scan: ['Quarantine flags fly above the pier.'] },
    ]),
  )
  // Three small scans are read in less time than the document list takes to poll again, which would
  // leave no moment in which the row says how far the reading got: the OCR engine's language data is
  // served a few seconds late, so the reading is seen under way on any machine.
  await page.context().route('**/lang/*.traineddata*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, LANGUAGE_DATA_DELAY_MS))
    await route.continue()
  })
  await page.setViewportSize({ width: 1440, height: 900 })
  await openApp(page, '/collections')
  await new CollectionsPage(page).create({ name: 'Harbour', description: 'Log book with scanned plates' })
  const collection = new CollectionPage(page)
  await collection.open('Harbour')
  await collection.upload([file])

  const row = collection.row('logbook.pdf')
  const reading = row.getByText(/^Reading 3 scanned pages: [0-2] of 3$/)
  await expect(reading).toBeVisible({ timeout: scaledTimeout(120_000) })
  await expect(row).toContainText('Ready')
  await expect(
    row.getByRole('progressbar', { name: 'Reading the scanned pages of logbook.pdf' }),
  ).toBeVisible()
  expect(await finds(page, 'lighthouse keeper northern storm', 'logbook.pdf')).toBe(true)
  mkdirSync('e2e/output/screens', { recursive: true })
  await page.screenshot({ path: 'e2e/output/screens/long-document-reading-scans-1440.png' })
  await page.setViewportSize({ width: 390, height: 844 })
  await row.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'e2e/output/screens/long-document-reading-scans-390.png' })

  // Once every scanned page is read, the line goes and their passages are found.
  await expect(row.getByText(/scanned page/)).toHaveCount(0, { timeout: scaledTimeout(240_000) })
  await expect(row).toContainText('Ready')
  expect(await finds(page, 'quarantine flags above the pier', 'logbook.pdf')).toBe(true)
  const document = await page.evaluate(async () => {
    const documents = (await (await fetch('/api/documents/')).json()) as Array<{
      original_filename: string
      metadata: { ocr_pages?: number[] }
      progress: unknown
    }>
    return documents.find((d) => d.original_filename === 'logbook.pdf')!
  })
  expect(document.metadata.ocr_pages).toEqual([2, 4, 5])
  expect(document.progress).toBeNull()
})

import { join } from 'node:path'
import { expect, test } from './support/test'
import { corpusDir } from '../web/core/testing/corpusDir'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const corpus = corpusDir(process.env, join(import.meta.dirname, '..'))
const file = (path: string) => join(corpus, path)

// Documents processed entirely in the browser (API worker + ingest worker), through the UI, with a
// representative file of each kind and a bad one. The page is served by a static server with no API.
test('uploads a representative set and each reaches its outcome in the browser', async ({ page }) => {
  test.setTimeout(scaledTimeout(180_000))
  await openApp(page, '/collections')
  await new CollectionsPage(page).create({ name: 'Library', description: 'One of each kind' })
  const collection = new CollectionPage(page)
  await collection.open('Library')

  await collection.upload([
    file('pdf/pdfminer__i1040nr.pdf'),
    file('docx/docling__word_sample.docx'),
    file('pptx/docling__powerpoint_sample.pptx'),
    file('md/rustbook__ch10-03-lifetime-syntax.md'),
    file('html/readability__wikipedia-mozilla.html'),
    file('adversarial/ocrmypdf__linn_png_renamed.pdf'),
    file('pdf/pdfplumber__password-example.pdf'),
  ])
  // The seven as a whole: one bar for the batch, under the counts, gone once every one has ended.
  const batch = page.getByRole('progressbar', { name: 'Documents processed', exact: true })
  await expect(batch).toHaveAttribute('max', '7')
  // The 50-page PDF is processed first and takes a while: its progress bar shows real percentages.
  await expect
    .poll(async () => (await collection.progress('pdfminer__i1040nr.pdf')) ?? -1, {
      timeout: scaledTimeout(60_000),
    })
    .toBeGreaterThan(0)
  await page.screenshot({ path: 'e2e/output/screens/collection-processing.png', fullPage: true })

  for (const name of [
    'pdfminer__i1040nr.pdf',
    'docling__word_sample.docx',
    'docling__powerpoint_sample.pptx',
    'rustbook__ch10-03-lifetime-syntax.md',
    'readability__wikipedia-mozilla.html',
  ]) {
    await collection.waitForStatus(name, 'completed', 120_000)
  }
  await collection.waitForStatus('ocrmypdf__linn_png_renamed.pdf', 'failed')
  await expect(collection.row('ocrmypdf__linn_png_renamed.pdf')).toContainText(/not a PDF/i)

  await collection.waitForStatus('pdfplumber__password-example.pdf', 'failed')
  await expect(collection.row('pdfplumber__password-example.pdf')).toContainText(/password/i)
  await collection.enterPassword('pdfplumber__password-example.pdf', 'test')
  await collection.waitForStatus('pdfplumber__password-example.pdf', 'completed')
  await expect(batch).toHaveCount(0)
  await page.screenshot({ path: 'e2e/output/screens/collection-done.png', fullPage: true })

  // Counts and chunks come from the in-browser API; the page's data survives a reload.
  const documents = await page.evaluate(async () => (await fetch('/api/documents/')).json())
  const byName = new Map(
    (
      documents as Array<{
        original_filename: string
        status: string
        chunk_count: number
        metadata: { pages?: number }
      }>
    ).map((d) => [d.original_filename, d]),
  )
  expect(byName.get('pdfminer__i1040nr.pdf')?.metadata.pages).toBe(50)
  expect(byName.get('docling__powerpoint_sample.pptx')?.metadata.pages).toBe(3)
  expect(byName.get('readability__wikipedia-mozilla.html')?.chunk_count).toBeGreaterThan(0)
  await page.reload()
  await collection.waitForStatus('docling__word_sample.docx', 'completed')
  await collection.deleteDocument('docling__word_sample.docx')
  await expect(collection.row('docling__word_sample.docx')).toHaveCount(0)
})

test('resumes processing after the page is reloaded mid-way', async ({ page }) => {
  test.setTimeout(scaledTimeout(120_000))
  await openApp(page, '/collections')
  await new CollectionsPage(page).create({ name: 'Interrupted', description: 'Reloaded while processing' })
  const collection = new CollectionPage(page)
  await collection.open('Interrupted')
  await collection.upload([file('pdf/pdfjs__TAMReview.pdf')])
  await expect
    .poll(async () => (await collection.progress('pdfjs__TAMReview.pdf')) ?? -1)
    .toBeGreaterThanOrEqual(0)
  await page.reload()
  await collection.waitForStatus('pdfjs__TAMReview.pdf', 'completed', 90_000)
})

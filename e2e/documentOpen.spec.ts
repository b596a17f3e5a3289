import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from './support/test'
import { corpusDir } from '../web/core/testing/corpusDir'
import { ChatPage } from './pages/ChatPage'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { SearchPage } from './pages/SearchPage'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const corpus = corpusDir(process.env, join(import.meta.dirname, '..'))
const WORD = join(corpus, 'docx/docling__word_sample.docx')
const PDF = join(corpus, 'pdf/pdfjs__tracemonkey.pdf')

// Documents are things: a name opens the document (a PDF's pages, paged and zoomable), its original
// downloads, it can be renamed; a Word file shows what Quire read from it; a Word table reads as a table in
// Search and in a chat's source.
test('open, preview, download and rename a document; a Word table is a table in search and in a source', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(240_000))
  await openApp(page, '/collections')
  const collections = new CollectionsPage(page)
  // Required fields are said before submitting; the description is optional.
  await page
    .getByRole('button', { name: /New collection/ })
    .first()
    .click()
  await expect(page.getByText('Only the name is required.')).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-required', 'true')
  await expect(page.getByLabel('Description', { exact: true })).not.toHaveAttribute('aria-required')
  await page.keyboard.press('Escape')
  await collections.create({ name: 'Kitchen', description: 'Recipes and papers' })
  const collection = new CollectionPage(page)
  await collection.open('Kitchen')
  await collection.upload([WORD, PDF])
  await collection.waitForStatus('docling__word_sample.docx', 'completed', 120_000)
  await collection.waitForStatus('pdfjs__tracemonkey.pdf', 'completed', 180_000)

  // A PDF: its pages in the page viewer, one after another, zoomable.
  const pdf = await collection.openDocument('pdfjs__tracemonkey.pdf')
  await expect(pdf.getByRole('img', { name: 'Page 1 of the PDF' })).toBeVisible({
    timeout: scaledTimeout(30_000),
  })
  await expect(pdf.getByRole('spinbutton', { name: 'Page' })).toHaveValue('1')
  await expect(pdf.getByText(/^of \d+$/)).toBeVisible()
  await pdf.getByRole('button', { name: 'Next page' }).click()
  await expect(pdf.getByRole('img', { name: 'Page 2 of the PDF' })).toBeVisible({
    timeout: scaledTimeout(30_000),
  })
  const before = (await pdf.getByRole('img', { name: 'Page 2 of the PDF' }).boundingBox())?.width ?? 0
  await pdf.getByRole('button', { name: 'Zoom in' }).click()
  await expect
    .poll(async () => (await pdf.getByRole('img', { name: 'Page 2 of the PDF' }).boundingBox())?.width ?? 0)
    .toBeGreaterThan(before * 1.2)
  // The keyboard zooms too: - on the page.
  await pdf.getByRole('group', { name: /Page 2 of the PDF; \+ and - zoom/ }).press('-')
  await expect(pdf.getByText('100%')).toBeVisible()
  // Zooms quicker than the page draws (a slow machine, made here by slowing the CPU fortyfold, and a
  // quick hand: clicks a tenth of a second apart, sent in the page, since Playwright's own checks before
  // each click run in the slowed page too and took most of a minute): each stops the draw before it, and
  // the last one shows.
  // A later draw would hide a failure again, so a failure shown at any moment on the way is recorded.
  await page.evaluate(() => {
    const seen = { failures: 0 }
    Object.assign(window, { pdfFailuresSeen: seen })
    new MutationObserver(() => {
      if (document.body.textContent?.includes('could not be shown')) seen.failures++
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  const cpu = await page.context().newCDPSession(page)
  await cpu.send('Emulation.setCPUThrottlingRate', { rate: 40 })
  const zoomIn = await pdf.getByRole('button', { name: 'Zoom in' }).elementHandle()
  const zoomOut = await pdf.getByRole('button', { name: 'Zoom out' }).elementHandle()
  await page.evaluate(
    async ([inward, outward]) => {
      for (const button of [inward, inward, outward, outward, inward, inward, outward, outward]) {
        ;(button as HTMLButtonElement).click()
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    [zoomIn, zoomOut] as const,
  )
  await cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  await expect(pdf.getByText('100%')).toBeVisible()
  await expect(pdf.getByText('Rendering page 2…')).toBeHidden()
  const seen = await page.evaluate(
    () => (window as unknown as { pdfFailuresSeen: { failures: number } }).pdfFailuresSeen,
  )
  expect(seen.failures).toBe(0)
  await expect(pdf.getByRole('img', { name: 'Page 2 of the PDF' })).toBeVisible()
  await expectAccessible(page, 'A PDF opened from its collection')

  // Download gives the original file, by its name.
  const downloading = page.waitForEvent('download')
  await pdf.getByRole('button', { name: 'Download' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('pdfjs__tracemonkey.pdf')
  const saved = await readFile((await download.path()) as string)
  expect(saved.equals(await readFile(PDF))).toBe(true)

  // Rename: a bad name is refused with the reason; a good one shows in the dialog and the row.
  await pdf.getByLabel('Name', { exact: true }).fill('papers/trace.pdf')
  await pdf.getByRole('button', { name: 'Rename' }).click()
  await expect(pdf.getByRole('alert')).toContainText('slashes')
  await pdf.getByLabel('Name', { exact: true }).fill('Trace trees paper.pdf')
  await pdf.getByRole('button', { name: 'Rename' }).click()
  const renamed = page.getByRole('dialog', { name: 'Trace trees paper.pdf' })
  await expect(renamed).toBeVisible()
  await renamed.getByRole('button', { name: 'Close' }).click()
  await expect(collection.row('Trace trees paper.pdf')).toBeVisible()
  await expect(
    collection.row('Trace trees paper.pdf').getByRole('button', { name: 'Trace trees paper.pdf' }),
  ).toBeFocused()
  // Kept: after a reload the new name is still there.
  await page.reload()
  await expect(collection.row('Trace trees paper.pdf')).toBeVisible({ timeout: scaledTimeout(30_000) })

  // A Word file: what Quire read from it, its headings nested under the dialog's name (h2), its table
  // a table with a header row.
  const word = await collection.openDocument('docling__word_sample.docx')
  const contents = word.getByRole('region', { name: 'Document contents' })
  await expect(contents.getByRole('heading', { name: /^Let.s swim!$/, level: 3 })).toBeVisible({
    timeout: scaledTimeout(30_000),
  })
  await expect(contents.getByRole('heading', { name: /^Let.s eat$/, level: 4 })).toBeVisible()
  await expect(contents.getByRole('listitem').filter({ hasText: 'Paddle about' })).toBeVisible()
  const wordTable = contents.getByRole('table')
  await expect(wordTable.getByRole('columnheader', { name: 'Calories per portion' })).toBeVisible()
  await expect(
    wordTable.getByRole('row').filter({ hasText: 'Berries' }).getByRole('cell', { name: '150' }),
  ).toBeVisible()
  await expectAccessible(page, 'A Word file opened from its collection')
  await word.getByRole('button', { name: 'Close' }).click()

  // Search: the Word table's rows as a table, with its header.
  const search = new SearchPage(page)
  await search.open()
  await search.search({ query: 'calories per portion berries', collection: 'Kitchen' })
  const table = search.results.getByRole('table').first()
  await expect(table).toBeVisible({ timeout: scaledTimeout(30_000) })
  await expect(table.getByRole('columnheader').first()).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: 'Berries' })).toContainText('150')
  await expect(page.getByRole('main')).not.toContainText('Berries | ')
  await expectAccessible(page, 'Search with a table in its results')

  // A chat's source: the cited table as a table.
  const chat = new ChatPage(page)
  await chat.open()
  await chat.newChat('Kitchen')
  await chat.ask('How much calories per portion do berries have?')
  await expect(chat.assistantMessages().last()).toContainText('150', { timeout: scaledTimeout(60_000) })
  const cited = chat
    .assistantMessages()
    .last()
    .getByRole('button', { name: /^Source \d+$/ })
    .first()
  await cited.click()
  const sourceTable = chat.sourcePanel.getByLabel('Passage text').getByRole('table')
  await expect(sourceTable.getByRole('row').filter({ hasText: 'Berries' })).toContainText('150')
  await expect(chat.sourcePanel.getByLabel('Passage text')).not.toContainText('Berries | ')
  await expectAccessible(page, 'Chat with a table in its source')
})

import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './support/test'
import { corpusDir } from '../web/core/testing/corpusDir'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const corpus = corpusDir(process.env, join(import.meta.dirname, '..'))
const DECK = join(corpus, 'pptx/docling__powerpoint_sample.pptx')
const EMPTY = join(corpus, 'docx/mammoth__empty.docx')
// The corpus's one real PNG is kept under a .pdf name (an adversarial upload); named .png here, it is an
// ordinary image (a 2550 × 3300 scanned page).
const SCAN = join(corpus, 'adversarial/ocrmypdf__linn_png_renamed.pdf')

// Documents are things: a PowerPoint deck opens as its slides, an image as itself, and a Word file that
// cannot be read says why while its download still works.
test('a PowerPoint deck previews slide by slide, an image as itself with its size; an unreadable file says why', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(420_000))
  const dir = mkdtempSync(join(tmpdir(), 'quire-preview-'))
  const image = join(dir, 'linn-scan.png')
  copyFileSync(SCAN, image)

  await openApp(page, '/collections')
  await new CollectionsPage(page).create({ name: 'Previews', description: 'Decks and scans' })
  const collection = new CollectionPage(page)
  await collection.open('Previews')
  await collection.upload([DECK, image, EMPTY])
  await collection.waitForStatus('docling__powerpoint_sample.pptx', 'completed', 120_000)

  // A deck: one section per slide, "Slide N" its heading, the slide's own title and text inside it,
  // speaker notes marked as such.
  const deck = await collection.openDocument('docling__powerpoint_sample.pptx')
  await expect(deck.getByText(/^PowerPoint · .+ · 3 slides$/)).toBeVisible()
  const first = deck.getByRole('region', { name: 'Slide 1' })
  await expect(first.getByRole('heading', { name: 'Slide 1', level: 3 })).toBeVisible({
    timeout: scaledTimeout(30_000),
  })
  await expect(first.getByRole('heading', { name: 'Test Table Slide', level: 4 })).toBeVisible()
  await expect(first.getByRole('table').getByRole('columnheader', { name: 'Class1' })).toBeVisible()
  const second = deck.getByRole('region', { name: 'Slide 2' })
  await expect(second.getByRole('listitem').filter({ hasText: 'With foo' })).toBeVisible()
  await expect(second.getByText('A rectangle shape with this text inside.')).toBeVisible()
  await expect(second.getByText(/Speaker notes:\s*Some notes on the second slide\./)).toBeVisible()
  await expect(deck.getByRole('region', { name: 'Slide 3' })).toBeVisible()
  await expectAccessible(page, 'A PowerPoint deck opened from its collection, light')
  await page.screenshot({ path: 'e2e/output/screens/document-preview-deck-light.png' })
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectAccessible(page, 'A PowerPoint deck opened from its collection, dark')
  await page.screenshot({ path: 'e2e/output/screens/document-preview-deck-dark.png' })
  await page.emulateMedia({ colorScheme: 'light' })
  await deck.getByRole('button', { name: 'Close' }).click()

  // An image: the picture itself, its name as its alt text, with its size in pixels. OCR reads it first.
  await expect(collection.row('linn-scan.png').getByText(/^(Ready|Failed)$/)).toBeVisible({
    timeout: scaledTimeout(360_000),
  })
  const scan = await collection.openDocument('linn-scan.png')
  const picture = scan.getByRole('img', { name: 'linn-scan.png' })
  await expect(picture).toBeVisible({ timeout: scaledTimeout(30_000) })
  await expect(scan.getByText('2550 × 3300 pixels')).toBeVisible()
  await expect(scan.getByText(/^PNG image · [^·]+$/)).toBeVisible()
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2550)
  // Scaled to fit: the dialog does not scroll sideways for a 2550-pixel-wide page.
  const box = await picture.boundingBox()
  expect(box?.width ?? Infinity).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
  await expectAccessible(page, 'An image opened from its collection')
  await page.screenshot({ path: 'e2e/output/screens/document-preview-image-light.png' })
  await scan.getByRole('button', { name: 'Close' }).click()

  // A Word file with no text: processing failed, and the preview says why, as an alert; Download works.
  await collection.waitForStatus('mammoth__empty.docx', 'failed', 120_000)
  const empty = await collection.openDocument('mammoth__empty.docx')
  await expect(empty.getByRole('alert')).toContainText('could not be read for a preview', {
    timeout: scaledTimeout(30_000),
  })
  await expect(empty.getByRole('alert')).toContainText('no extractable text')
  const downloading = page.waitForEvent('download')
  await empty.getByRole('button', { name: 'Download' }).click()
  expect((await downloading).suggestedFilename()).toBe('mammoth__empty.docx')
})

import { join } from 'node:path'
import { SYNC_PORT } from '../playwright.config'
import { expect, test } from './support/test'
import { corpusDir } from '../web/core/testing/corpusDir'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { DocumentViewer } from './pages/DocumentViewer'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const corpus = corpusDir(process.env, join(import.meta.dirname, '..'))
// PepsiCo's 2021 annual report: 549 pages, a real filing (financebench).
const FILING = 'PEPSICO_2021_10K.pdf'
const PDF = join(corpus, 'qa/financebench-dev/pdfs', FILING)

// Issue 40: a reader for long documents. A page typed and Enter opens it; find in document lists the pages
// that hold the words, each opening its page with them marked; the header with Close stays in view.
// On the offline browser host (the static server, no API) and on the sync server's origin.
for (const host of ['static', 'server'] as const) {
  test.describe(`on the ${host} origin`, () => {
    if (host === 'server') test.use({ baseURL: `http://127.0.0.1:${SYNC_PORT}` })
    test('a 549-page filing: jump to a typed page, find a word and open its pages, at 1440×900 and on a phone', async ({
      page,
    }) => {
      test.setTimeout(scaledTimeout(300_000))
      await page.setViewportSize({ width: 1440, height: 900 })
      await openApp(page, '/collections')
      await new CollectionsPage(page).create({ name: 'Filings', description: 'Annual reports' })
      const collection = new CollectionPage(page)
      await collection.open('Filings')
      await collection.upload([PDF])
      await collection.waitForStatus(FILING, 'completed', 240_000)

      const viewer = new DocumentViewer(await collection.openDocument(FILING))
      await expect(viewer.pageImage(1)).toBeVisible({ timeout: scaledTimeout(30_000) })
      await expect(viewer.dialog.getByText('of 549', { exact: true })).toBeVisible()
      await viewer.goToPage(317)
      await expect(viewer.pageField).toHaveValue('317')
      // A page that is not there is refused in words, and the page shown stays.
      await viewer.pageField.fill('900')
      await viewer.pageField.press('Enter')
      await expect(viewer.dialog.getByText('Type a page from 1 to 549.')).toBeVisible()
      await expect(viewer.pageImage(317)).toBeVisible()

      // "SodaStream" is on nine pages, two of them near the end (pdftotext finds 4, 6, 8, 10, 32, 33, 107,
      // 538 and 539).
      await viewer.find('SodaStream')
      await expect(viewer.foundStatus).toContainText(/“SodaStream” is on \d+ pages\./)
      const pages = await viewer.foundPages()
      expect(pages).toEqual(expect.arrayContaining([4, 107, 538]))
      await viewer.openFound(538)
      await expect(viewer.foundMarks.first()).toBeVisible()
      await expect(viewer.pageField).toHaveValue('538')
      // Scrolled down the long dialog, its name and Close stay in view.
      await viewer.dialog
        .locator('.dialog-body')
        .evaluateAll((bodies) => bodies.forEach((body) => body.scrollTo({ top: body.scrollHeight })))
      await expect(viewer.close).toBeInViewport({ ratio: 1 })
      await page.screenshot({ path: `e2e/output/issue40/viewer-${host}-1440.png` })

      // A phone: the page is as wide as the screen allows, the title one line.
      await page.setViewportSize({ width: 390, height: 844 })
      await viewer.goToPage(4)
      const image = await viewer.pageImage(4).boundingBox()
      expect(image?.width ?? 0).toBeGreaterThan(300)
      expect(image?.width ?? 999).toBeLessThanOrEqual(390)
      const title = viewer.dialog.getByRole('heading', { name: FILING })
      const titleBox = await title.boundingBox()
      expect(titleBox?.height ?? 99).toBeLessThan(40)
      await expect(viewer.close).toBeInViewport({ ratio: 1 })
      await page.screenshot({ path: `e2e/output/issue40/viewer-${host}-390.png` })
      await viewer.close.click()
      await expect(viewer.dialog).toBeHidden()
    })
  })
}

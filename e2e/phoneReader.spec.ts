import { join } from 'node:path'
import { SYNC_PORT } from '../playwright.config'
import { expect, test, type Locator, type Page } from './support/test'
import { corpusDir } from '../web/core/testing/corpusDir'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { DocumentViewer } from './pages/DocumentViewer'
import { expectAccessible } from './support/expectAccessible'
import { goOffline } from './support/goOffline'
import { openApp } from './support/openApp'

const corpus = corpusDir(process.env, join(import.meta.dirname, '..'))
// A 14-page paper (two columns of small print): the kind of page that is hard to read on a phone.
const PAPER = 'pdfjs__tracemonkey.pdf'
const PDF = join(corpus, 'pdf', PAPER)

/** Two fingers on the page's box, `from` pixels apart, spread (or pinched) to `to` apart, as touches. */
async function pinch(page: Page, box: Locator, from: number, to: number): Promise<void> {
  const area = await box.boundingBox()
  if (!area) throw new Error('The page has no box to pinch.')
  const x = area.x + area.width / 2
  const y = area.y + Math.min(area.height / 2, 200)
  const fingers = (apart: number) => [
    { x: x - apart / 2, y, id: 0 },
    { x: x + apart / 2, y, id: 1 },
  ]
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) })
  for (let step = 1; step <= 6; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: fingers(from + ((to - from) * step) / 6),
    })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

async function width(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.width ?? 0
}

// Issue 70: on a phone the reader's Download, Rename, page and find controls filled the first screen, and
// the page at 100% was too small to read. Now the page fits the screen's width, the controls are one bar
// (pages, find, zoom, and "More" holding Download and Rename), and two fingers or the buttons zoom. The
// desktop keeps its row of Download and Rename. On the browser-only origin (offline once processed) and on
// the sync server's origin.
test.use({ hasTouch: true })

for (const host of ['static', 'server'] as const) {
  test.describe(`on the ${host} origin`, () => {
    if (host === 'server') test.use({ baseURL: `http://127.0.0.1:${SYNC_PORT}` })

    test('a phone reads a paper at the width of its screen, zooms it, and keeps its actions under More', async ({
      page,
    }) => {
      test.setTimeout(scaledTimeout(180_000))
      await page.setViewportSize({ width: 390, height: 844 })
      await openApp(page, '/collections')
      await new CollectionsPage(page).create({ name: 'Papers', description: 'Read on the train' })
      const collection = new CollectionPage(page)
      await collection.open('Papers')
      await collection.upload([PDF])
      await collection.waitForStatus(PAPER, 'completed', 120_000)
      // Offline, the browser's own API still has the file.
      if (host === 'static') await goOffline(page)

      const viewer = new DocumentViewer(await collection.openDocument(PAPER))
      const first = viewer.pageImage(1)
      await expect(first).toBeVisible({ timeout: 30_000 })
      await expect(viewer.dialog.getByText('Rendering page 1…')).toBeHidden({ timeout: 30_000 })
      // The page is as wide as the screen, within its two hairlines.
      expect(await width(first)).toBeGreaterThanOrEqual(380)
      expect(await width(first)).toBeLessThanOrEqual(390)

      // One bar of controls, in the first screen, above the page.
      const bar = viewer.dialog.locator('.pdf-reader-bar')
      const barBox = await bar.boundingBox()
      expect(barBox?.height ?? 999).toBeLessThan(56)
      const controls = [
        viewer.dialog.getByRole('button', { name: 'Previous page' }),
        viewer.pageField,
        viewer.dialog.getByRole('button', { name: 'Next page' }),
        viewer.dialog.getByRole('button', { name: 'Find', exact: true }),
        viewer.dialog.getByRole('button', { name: 'Zoom out' }),
        viewer.dialog.getByRole('button', { name: 'Zoom in' }),
        viewer.more,
      ]
      for (const control of controls) await expect(control).toBeInViewport({ ratio: 1 })
      const tops = await Promise.all(controls.map(async (control) => (await control.boundingBox())?.y ?? 0))
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(12)
      expect((await first.boundingBox())?.y ?? 999).toBeLessThan(260)
      // Download and Rename wait under More.
      await expect(viewer.download).toBeHidden()
      await expect(viewer.nameField).toBeHidden()
      await page.screenshot({ path: `e2e/output/issue70/reader-${host}-390.png` })

      // The keyboard: Next page from the bar; More opens with focus in it, Escape closes it (not the dialog).
      await viewer.dialog.getByRole('button', { name: 'Next page' }).focus()
      await page.keyboard.press('Enter')
      await expect(viewer.pageImage(2)).toBeVisible({ timeout: 30_000 })
      await viewer.more.focus()
      await page.keyboard.press('Enter')
      await expect(viewer.more).toHaveAttribute('aria-expanded', 'true')
      await expect(viewer.download).toBeFocused()
      await expect(viewer.nameField).toBeInViewport()
      await page.screenshot({ path: `e2e/output/issue70/reader-more-${host}-390.png` })
      await expectAccessible(page, 'The reader on a phone, More open')
      await page.keyboard.press('Escape')
      await expect(viewer.download).toBeHidden()
      await expect(viewer.more).toBeFocused()
      await expect(viewer.dialog).toBeVisible()

      // Rename from More, as a person on a phone would.
      await viewer.more.click()
      await viewer.nameField.fill('Trace trees.pdf')
      await viewer.dialog.getByRole('button', { name: 'Rename' }).click()
      const renamed = new DocumentViewer(page.getByRole('dialog', { name: 'Trace trees.pdf' }))
      await expect(renamed.dialog).toBeVisible()
      if ((await renamed.more.getAttribute('aria-expanded')) === 'true') await renamed.more.click()
      await expect(renamed.download).toBeHidden()

      // Zoom in with the button: wider than the screen, and the box pans it.
      const box = renamed.dialog.getByRole('group', { name: /Page 2 of the PDF; \+ and - zoom/ })
      const fitted = await width(renamed.pageImage(2))
      await renamed.dialog.getByRole('button', { name: 'Zoom in' }).click()
      await expect.poll(() => width(renamed.pageImage(2))).toBeGreaterThan(fitted * 1.2)
      await renamed.dialog.getByRole('button', { name: 'Zoom out' }).click()
      await expect.poll(() => width(renamed.pageImage(2))).toBeLessThan(fitted * 1.05)

      // Two fingers spread to twice their distance: about twice the size; pinched back, fitted again.
      await pinch(page, box, 80, 160)
      await expect(box).toHaveAttribute('data-zoom', /^(1\.[89]|2(\.[01])?)\d*$/)
      await expect.poll(() => width(renamed.pageImage(2))).toBeGreaterThan(fitted * 1.8)
      const panned = await box.evaluate((element) => element.scrollWidth > element.clientWidth)
      expect(panned).toBe(true)
      await page.screenshot({ path: `e2e/output/issue70/reader-pinched-${host}-390.png` })
      await pinch(page, box, 200, 60)
      await expect(box).toHaveAttribute('data-zoom', '1')
      await expect.poll(() => width(renamed.pageImage(2))).toBeLessThan(fitted * 1.05)

      // Find opens under the bar, and its hits open their pages.
      await renamed.dialog.getByRole('button', { name: 'Find', exact: true }).click()
      await expect(renamed.findField).toBeFocused()
      await renamed.find('trace')
      await expect(renamed.foundStatus).toContainText(/“trace” is on \d+ pages\./)
      await page.screenshot({ path: `e2e/output/issue70/reader-find-${host}-390.png` })

      // The desktop: the same dialog, Download and Rename in its row, no More, the page its box's width.
      await page.setViewportSize({ width: 1440, height: 900 })
      await expect(renamed.more).toBeHidden()
      await expect(renamed.download).toBeVisible()
      await expect(renamed.nameField).toBeVisible()
      await expect(renamed.dialog.getByText('Previous page', { exact: true })).toBeVisible()
      const pageBox = await box.boundingBox()
      await expect
        .poll(async () => width(renamed.pageImage(await currentPage(renamed))))
        .toBeGreaterThan((pageBox?.width ?? 0) - 24)
      await page.screenshot({ path: `e2e/output/issue70/reader-${host}-1440.png` })
      await renamed.close.click()
      await expect(renamed.dialog).toBeHidden()
    })
  })
}

async function currentPage(viewer: DocumentViewer): Promise<number> {
  return Number(await viewer.pageField.inputValue())
}

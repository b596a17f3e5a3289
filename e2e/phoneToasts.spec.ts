import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test, type Locator } from './support/test'
import { corpusDir } from '../web/core/testing/corpusDir'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const corpus = corpusDir(process.env, join(import.meta.dirname, '..'))
// Fourteen pages of tables: still processing while the small notes beside it are ready and say so.
const REPORT = join(corpus, 'qa/financebench-dev/pdfs', 'AMCOR_2023Q4_EARNINGS.pdf')

interface Overlap {
  toasts: number
  covered: string[]
}

/**
 * At one instant (one evaluate): every toast's box against the documents table's and each upload
 * progress bar's. A toast covering either is named.
 */
function overlaps(documents: Locator): Promise<Overlap> {
  return documents.evaluate((table) => {
    const boxOf = (element: Element) => element.getBoundingClientRect()
    const meet = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    const toasts = [...document.querySelectorAll('.toast')].map(boxOf)
    const content = [
      ['the document list', boxOf(table)] as const,
      ...[...document.querySelectorAll('[role="progressbar"]')].map(
        (element) => [element.getAttribute('aria-label') ?? 'a progress bar', boxOf(element)] as const,
      ),
    ]
    const covered = content
      .filter(([, box]) => box.width > 0 && toasts.some((toast) => meet(toast, box)))
      .map(([name]) => name)
    return { toasts: toasts.length, covered }
  })
}

// Issue 40: on a phone, toasts ("… is ready") no longer cover the documents being uploaded: they are a row
// of the page under the bar, pushing the content down. Issue 43: at 1440 px the toasts pinned to the
// window's corner covered the table's Status column; they now sit at the foot of the sidebar. On the
// static origin (the browser's own API).
for (const [width, height] of [
  [390, 844],
  [1440, 900],
] as const) {
  test(`at ${width}x${height}, while several files upload, no toast covers the document list or a progress bar`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(scaledTimeout(90_000))
    await page.setViewportSize({ width, height })
    await openApp(page, '/collections')
    await new CollectionsPage(page).create({ name: 'Field notes', description: 'Toasts and the list' })
    const collection = new CollectionPage(page)
    await collection.open('Field notes')

    const notes = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const path = testInfo.outputPath(`note-${i + 1}.md`)
        await writeFile(path, `# Note ${i + 1}\n\nThe survey of day ${i + 1} counted ${i + 3} herons.\n`)
        return path
      }),
    )
    await collection.upload([REPORT, ...notes])
    // The list runs past the window's foot, so a toast pinned to the window's corner would lie on it.
    const table = await collection.documents.boundingBox()
    expect((table?.y ?? 0) + (table?.height ?? 0)).toBeGreaterThan(height)

    // The batch's one line (issue 70): "2 of 7 ready".
    const progress = page.locator('.toast').filter({ hasText: /^\d+ of 7 ready/ })
    await expect(progress.first()).toBeVisible({
      timeout: scaledTimeout(30_000),
    })
    const first = await overlaps(collection.documents)
    expect(first.toasts).toBeGreaterThan(0)
    expect(first.covered).toEqual([])
    await page.screenshot({ path: `e2e/output/issue40/upload-toasts-${width}.png` })

    // Every file ready: the line has counted them all and still covers nothing.
    await collection.waitForStatus('AMCOR_2023Q4_EARNINGS.pdf', 'completed', 60_000)
    const last = await overlaps(collection.documents)
    expect(last.covered).toEqual([])
  })
}

import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SYNC_PORT } from '../playwright.config'
import { expect, test, type Page } from './support/test'
import { corpusDir } from '../web/core/testing/corpusDir'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'
import { PERSIST_REFUSED } from '../web/app/settings/askPersistentStorage'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { SettingsPage } from './pages/SettingsPage'
import { expectAccessible } from './support/expectAccessible'
import { goOffline } from './support/goOffline'
import { openApp } from './support/openApp'
import { openScreen } from './support/openScreen'

const corpus = corpusDir(process.env, join(import.meta.dirname, '..'))
// Fourteen pages: still processing while the small notes beside it are ready.
const PAPER = join(corpus, 'pdf', 'pdfjs__tracemonkey.pdf')

interface Watch {
  /** The most toasts on screen at one frame. */
  most: number
  tallest: number
  lines: string[]
  /** What a toast lay over, by name, at any frame. */
  covered: string[]
  /** Frames with a toast and the chat's composer both on screen. */
  besideComposer: number
}

/**
 * Watches every frame from now on: how many toasts show, their lines, and whether one lies over the app
 * bar's controls, the screen's header or the chat's composer; the lines also at every change of the page.
 */
async function watchToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const watch = { most: 0, tallest: 0, lines: [] as string[], covered: [] as string[], besideComposer: 0 }
    Object.assign(window, { toastWatch: watch })
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect()
      return box.width > 0 && box.height > 0 ? box : undefined
    }
    const meet = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    const named: Array<[string, string]> = [
      ['the Menu button', '.app-menu-button'],
      ['the brand', '.brand'],
      ['the sync, install, offline and notices badges', '.app-status > *:not(.toast-stack)'],
      ['the screen’s header', '.app-main .page-header'],
      ['the chat’s header', '.chat-thread-header'],
      ['the composer', '.chat-composer'],
    ]
    const frame = () => {
      const toasts = [...document.querySelectorAll('.toast')].flatMap((toast) => {
        const box = shown(toast)
        return box ? [{ toast, box }] : []
      })
      watch.most = Math.max(watch.most, toasts.length)
      for (const { toast, box } of toasts) {
        watch.tallest = Math.max(watch.tallest, box.height)
        const line = toast.querySelector('.toast-message')?.textContent ?? ''
        if (!watch.lines.includes(line)) watch.lines.push(line)
        for (const [name, selector] of named)
          for (const element of document.querySelectorAll(selector)) {
            const other = shown(element)
            if (other && meet(box, other) && !watch.covered.includes(name)) watch.covered.push(name)
          }
      }
      const composer = document.querySelector('.chat-composer')
      if (toasts.length > 0 && composer && shown(composer)) watch.besideComposer++
      requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
    // Lines are also read on every change of the page: a loaded machine may draw no frame while a count
    // passes, and a line is what the toast said, drawn or not.
    new MutationObserver(() => {
      for (const message of document.querySelectorAll('.toast .toast-message')) {
        const line = message.textContent ?? ''
        if (!watch.lines.includes(line)) watch.lines.push(line)
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

const watched = (page: Page) => page.evaluate(() => (window as unknown as { toastWatch: Watch }).toastWatch)

/** Thirteen notes and a paper: a batch of fourteen files. */
async function fourteenFiles(outputPath: (name: string) => string): Promise<string[]> {
  const notes = await Promise.all(
    Array.from({ length: 13 }, async (_, i) => {
      const path = outputPath(`survey-${i + 1}.md`)
      await writeFile(path, `# Survey ${i + 1}\n\nDay ${i + 1} of the survey counted ${i + 3} herons.\n`)
      return path
    }),
  )
  return [PAPER, ...notes]
}

// Issue 70: during a 14-file upload on a phone, "… is ready" toasts stacked over the header. Now a batch
// is one toast line that counts ("3 of 14 ready"), a phone shows one toast at a time, and no toast lies over
// the bar's controls, the screen's header or the chat's composer (the toast outlives the page: it follows
// the person to the chat, and the count goes on when they come back).
for (const [host, width, height] of [
  ['static', 390, 844],
  ['static', 1440, 900],
  ['server', 390, 844],
] as const) {
  test.describe(`on the ${host} origin`, () => {
    if (host === 'server') test.use({ baseURL: `http://127.0.0.1:${SYNC_PORT}` })

    test(`at ${width}x${height}, a 14-file upload is one toast line counting what is ready, over nothing`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(scaledTimeout(180_000))
      await page.setViewportSize({ width, height })
      await openApp(page, '/collections')
      await new CollectionsPage(page).create({ name: 'Heron survey', description: 'Fourteen files' })
      const collection = new CollectionPage(page)
      await collection.open('Heron survey')
      // "Created …" has gone: what the watch sees is the batch's. Dismissed rather than waited out (its
      // 5 s, half the test); clicked in the page, so a toast that timed out meanwhile is no miss.
      await page
        .locator('.toast .toast-close')
        .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLButtonElement).click()))
      await expect(page.locator('.toast')).toHaveCount(0, { timeout: 15_000 })
      await watchToasts(page)

      await collection.upload(await fourteenFiles((name) => testInfo.outputPath(name)))
      const progress = page.locator('.toast').filter({ hasText: /^\d+ of 14 ready/ })
      await expect(progress).toBeVisible({ timeout: 60_000 })
      await page.screenshot({ path: `e2e/output/issue70/upload-toast-${host}-${width}.png` })

      // Off to the chat while the paper is still processed: the line follows, clear of the composer.
      await openScreen(page, 'Chat')
      await expect(page.locator('.chat-composer').first()).toBeVisible()
      await expect(page.locator('.toast').first()).toBeVisible({ timeout: 60_000 })
      await expect.poll(async () => (await watched(page)).besideComposer).toBeGreaterThan(0)
      await page.screenshot({ path: `e2e/output/issue70/chat-toast-${host}-${width}.png` })

      // Back to the collection: what finished meanwhile is counted, up to the last file.
      await collection.open('Heron survey')
      await expect(page.locator('.toast').filter({ hasText: '14 of 14 ready' })).toBeVisible({
        timeout: 120_000,
      })
      const seen = await watched(page)
      expect(seen.covered).toEqual([])
      expect(seen.most).toBe(1)
      // One line: a phone's toast is as tall as its dismiss button.
      if (width < 800) expect(seen.tallest).toBeLessThan(56)
      expect(seen.lines).toContain('14 of 14 ready')
      expect(seen.lines.every((line) => /^\d+ of 14 ready$/.test(line))).toBe(true)
    })
  })
}

/** The browser refuses persistent storage, as browsers do for a site that is not installed. */
async function refusePersistence(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(navigator.storage, 'persisted', { value: async () => false })
    Object.defineProperty(navigator.storage, 'persist', { value: async () => false })
  })
}

// Issue 70: after an import, the long persistent-storage notice covered the sidebar. Now the toast says its
// first words with "Read"; the whole of it is kept in Notices, in the app bar with its unread count, after a
// reload and offline too.
for (const [host, width, height] of [
  ['static', 390, 844],
  ['server', 1440, 900],
] as const) {
  test.describe(`on the ${host} origin`, () => {
    if (host === 'server') test.use({ baseURL: `http://127.0.0.1:${SYNC_PORT}` })

    test(`at ${width}x${height}, a long notice is one line, kept in Notices to read later`, async ({
      page,
    }) => {
      test.setTimeout(scaledTimeout(120_000))
      await refusePersistence(page)
      await page.setViewportSize({ width, height })
      await openApp(page, '/collections')
      const settings = new SettingsPage(page)
      await settings.open()
      const archive = await settings.exportMyData()
      await settings.importArchive('everything.zip', archive)

      const toast = page
        .locator('.toast')
        .filter({ hasText: 'The browser did not grant Quire persistent storage' })
      await expect(toast).toBeVisible()
      await expect(toast.getByRole('button', { name: 'Read' })).toBeVisible()
      expect(await toast.textContent()).not.toContain('Export your data now and then')
      const box = await toast.boundingBox()
      expect(box?.height ?? 999).toBeLessThan(width < 800 ? 56 : 140)
      const notices = page.getByRole('banner').getByRole('button', { name: 'Notices, 1 unread' })
      await expect(notices).toBeVisible()
      // On a wide screen the navigation above the toast keeps its links in view.
      if (width >= 800)
        await expect(page.getByRole('link', { name: 'Settings', exact: true })).toBeInViewport()
      await page.screenshot({ path: `e2e/output/issue70/notice-toast-${host}-${width}.png` })

      // "Read": the whole notice.
      await toast.getByRole('button', { name: 'Read' }).click()
      const list = page.getByRole('dialog', { name: 'Notices' })
      await expect(list).toBeVisible()
      await expect(list.getByRole('listitem')).toHaveCount(1)
      await expect(list.getByRole('listitem').first()).toContainText(PERSIST_REFUSED)
      await expect(list.getByText('New', { exact: true })).toBeVisible()
      await page.screenshot({ path: `e2e/output/issue70/notices-${host}-${width}.png` })
      await expectAccessible(page, 'The Notices list')
      await page.keyboard.press('Escape')
      await expect(list).toBeHidden()
      await expect(
        page.getByRole('banner').getByRole('button', { name: 'Notices', exact: true }),
      ).toBeVisible()

      // Kept: after a reload (offline, on the browser's own host) it is still there, from the keyboard.
      if (host === 'static') await goOffline(page)
      await page.reload()
      const button = page.getByRole('banner').getByRole('button', { name: 'Notices', exact: true })
      await button.focus()
      await page.keyboard.press('Enter')
      await expect(list.getByRole('listitem').first()).toContainText(PERSIST_REFUSED)
      await expect(list.getByText('New', { exact: true })).toBeHidden()
      await page.keyboard.press('Escape')
      await expect(button).toBeFocused()
      // Clear empties the list, and the button goes with it.
      await button.click()
      await list.getByRole('button', { name: 'Clear' }).click()
      await expect(list.getByText('No notices.')).toBeVisible()
      await list.getByRole('button', { name: 'Close' }).click()
      await expect(button).toBeHidden()
    })
  })
}

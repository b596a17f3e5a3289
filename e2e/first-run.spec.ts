import { join } from 'node:path'
import { expect, test, type Page } from './support/test'
import { corpusDir } from '../web/core/testing/corpusDir'
import { ChatPage } from './pages/ChatPage'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { EvaluationPage } from './pages/EvaluationPage'
import { SearchPage } from './pages/SearchPage'
import { SettingsPage } from './pages/SettingsPage'
import { openApp } from './support/openApp'
import { goOffline } from './support/goOffline'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const corpus = corpusDir(process.env, join(import.meta.dirname, '..'))
const FILES = [
  join(corpus, 'pdf', 'pdfjs__tracemonkey.pdf'),
  join(corpus, 'docx', 'docling__word_sample.docx'),
  join(corpus, 'md', 'ripgrep__README.md'),
]
const SCREENS = 'e2e/output/screens'

/** The same screen at desktop and phone widths, then back to desktop. */
async function screenshots(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENS}/${name}-desktop.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SCREENS}/${name}-phone.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
}

// A new person's first session: the app is opened once, then the network goes away for good. Everything
// after that (documents parsed, embedded and indexed; the question answered; the PDF page rendered) runs in
// this browser.
test('a new user, offline from the start, chats with a PDF, a DOCX and a Markdown file', async ({ page }) => {
  test.setTimeout(scaledTimeout(240_000))
  await page.setViewportSize({ width: 1280, height: 800 })
  await openApp(page)
  await goOffline(page)
  await page.reload()

  const collections = new CollectionsPage(page)
  await expect(collections.heading).toBeVisible()
  await collections.create({ name: 'Reading', description: 'Papers and notes to ask about' })
  await screenshots(page, 'collections')

  const collection = new CollectionPage(page)
  await collection.open('Reading')
  await collection.upload(FILES)
  for (const file of FILES) await collection.waitForStatus(file.split('/').pop()!, 'completed', 180_000)
  await screenshots(page, 'collection')

  const chat = new ChatPage(page)
  await chat.open()
  await chat.newChat('Reading')
  await chat.ask('What is a trace tree?')
  const answer = chat.assistantMessages().last()
  await expect(answer).toContainText(/trace tree/i, { timeout: scaledTimeout(60_000) })
  await expect(chat.citation(1)).toBeVisible()
  await screenshots(page, 'chat')

  await chat.citation(1).click()
  await expect(chat.sourcePanel).toBeVisible()
  await expect(chat.sourcePanel).toContainText('pdfjs__tracemonkey.pdf')
  // pdf.js and its worker come from the precache: the page is drawn, with the passage highlighted.
  await expect(chat.sourcePanel.getByRole('img', { name: /^Page \d+ of the PDF/ })).toBeVisible({
    timeout: scaledTimeout(30_000),
  })
  await expect(chat.sourcePanel.locator('.chat-pdf-mark').first()).toBeAttached()
  await expect(chat.sourcePanel).not.toContainText('could not be shown')
  await screenshots(page, 'chat-source-pdf')

  // The other screens, still offline, with this person's data on them.
  const search = new SearchPage(page)
  await search.open()
  await search.search({ query: 'trace tree', collection: 'Reading' })
  await expect(search.results.first()).toContainText(/trace/i)
  await screenshots(page, 'search')

  const evaluation = new EvaluationPage(page)
  await evaluation.open()
  await evaluation.start({
    collection: 'Reading',
    fileName: 'questions.json',
    contents: JSON.stringify({
      test_cases: [{ id: '1', question: 'What is a trace tree?', ground_truth: 'trace tree' }],
    }),
  })
  await expect(evaluation.results.first()).toBeVisible({ timeout: scaledTimeout(60_000) })
  await screenshots(page, 'evaluation')

  const settings = new SettingsPage(page)
  await settings.open()
  await screenshots(page, 'settings')
})

import { expect, test, type Page } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { ChatPage } from './pages/ChatPage'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { startFakeSearxng, type FakeSearxng } from './support/startFakeSearxng'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'
import { seedCollectionInPage } from './support/seedCollectionInPage'

// Issue 18, item 4, in the browser on the sync server's origin (the deployment people run): the
// in-browser API reaches SearXNG and the pages itself, so both fakes here allow any origin (CORS),
// as a person's SearXNG behind a CORS proxy would.

const server = `http://127.0.0.1:${SYNC_PORT}`
const KITCHEN =
  '# Pantry\n\nAlice keeps three jars of marmalade and plum jam in the pantry, beside the honey.'
const PAGE = `<!doctype html><html><head><title>Marmalade facts</title></head><body>
<nav>Home | Recipes</nav><main><h1>Marmalade</h1>
<p>Seville oranges make the best marmalade because of their bitter peel.</p>
<p>Marmalade was first sold in Dundee in 1797.</p></main></body></html>`

let fake: FakeSearxng
let fakeUrl = ''

test.beforeAll(async () => {
  fake = await startFakeSearxng({
    results: [
      { title: 'Marmalade facts', path: '/marmalade', content: 'Marmalade history.', engine: 'duckduckgo' },
      {
        title: 'Dundee history',
        path: '/nocors',
        content: 'Keiller’s shop in Dundee sold marmalade from 1797.',
        engine: 'wikipedia',
      },
    ],
    pages: {
      '/marmalade': { html: PAGE },
      // A site that does not let other origins read it, as most do not: the browser cannot scrape it.
      '/nocors': { html: '<main><p>Unreadable here.</p></main>', cors: false },
    },
  })
  fakeUrl = fake.url
})

test.afterAll(async () => {
  await fake?.close()
})

/** A collection holding one Markdown file, through the in-browser API, processed. */
async function seedKitchen(page: Page): Promise<void> {
  const status = await seedCollectionInPage(
    page,
    { name: 'Kitchen', description: 'web search e2e' },
    { name: 'pantry.md', type: 'text/markdown', base64: Buffer.from(KITCHEN).toString('base64') },
    60_000,
  )
  expect(status).toBe('completed')
}

test('Settings → SearXNG URL tested; a document question with “Search the web” cites the web page', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  await openApp(page, `${server}/settings`)
  const section = page.getByRole('region', { name: 'Web search' })
  const urlField = section.getByLabel('SearXNG URL')

  // A URL that is not one is refused before anything is saved; then the fake's URL tests ok.
  await urlField.fill('search.example.org')
  await section.getByRole('button', { name: 'Test' }).click()
  await expect(section.getByRole('status')).toHaveText('Enter a full URL, such as https://search.example.org')
  await urlField.fill(fakeUrl)
  await section.getByRole('button', { name: 'Test' }).click()
  await expect(section.getByRole('status')).toHaveText('Connected: SearXNG answers with 2 engines.')
  await expectAccessible(page, 'Settings with web search tested')

  await seedKitchen(page)
  const chat = new ChatPage(page)
  await chat.open()
  await chat.newChat('Kitchen')
  const toggle = page.getByRole('checkbox', { name: 'Search the web' })
  await expect(toggle).not.toBeChecked()
  await toggle.check()
  await chat.ask('When was marmalade first sold in Dundee?')

  const answer = chat.assistantMessages().last()
  await expect(answer).toContainText('1797', { timeout: scaledTimeout(30_000) })
  // The document passage is source 1; the web page comes after it, and the answer quotes it.
  await answer.getByRole('button', { name: 'Source 2', exact: true }).click()
  const panel = chat.sourcePanel
  await expect(panel.getByRole('heading', { name: 'Source 2' })).toBeFocused()
  // The chip may be clicked while the answer still streams: its end does not pull focus back to the composer.
  await expect(chat.assistantMessages().last().getByRole('button', { name: 'Regenerate' })).toBeVisible()
  await expect(panel.getByRole('heading', { name: 'Source 2' })).toBeFocused()
  await expect(panel).toContainText('Marmalade facts')
  await expect(panel.getByRole('link', { name: `${fakeUrl}/marmalade` })).toHaveAttribute(
    'href',
    `${fakeUrl}/marmalade`,
  )
  await expect(panel.getByLabel('Passage text')).toContainText('Marmalade was first sold in Dundee in 1797.')
  await expect(panel.getByLabel('Passage text')).not.toContainText('Home | Recipes')
  await expectAccessible(page, 'Chat with a web source open')
  // The page that refuses other origins (CORS) is a source from its search snippet, stored as such.
  const webSources = await page.evaluate(async () => {
    const [session] = await fetch('/api/chat/sessions').then((r) => r.json())
    const messages = await fetch(`/api/chat/messages?session_id=${session.id}`).then((r) => r.json())
    const sources = messages.at(-1).metadata.source_documents as Array<Record<string, unknown>>
    return sources
      .filter((source) => source.kind === 'web')
      .map(({ number, url, from }) => ({ number, url, from }))
  })
  expect(webSources).toEqual([
    { number: 2, url: `${fakeUrl}/marmalade`, from: 'page' },
    { number: 3, url: `${fakeUrl}/nocors`, from: 'snippet' },
  ])
  const scraped = await page.evaluate(async (url) => {
    const response = await fetch('/api/v1/websearch/scrape', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ urls: [url] }),
    })
    return (await response.json()) as { results: Array<{ success: boolean; error?: string }> }
  }, `${fakeUrl}/nocors`)
  expect(scraped.results[0]?.success).toBe(false)
  expect(scraped.results[0]?.error).toContain('(CORS)')

  // Stored with the answer: after a reload the same source opens with its URL, and the toggle is still on.
  await page.reload()
  await expect(chat.assistantMessages().last()).toContainText('1797')
  await expect(page.getByRole('checkbox', { name: 'Search the web' })).toBeChecked()
  await chat.assistantMessages().last().getByRole('button', { name: 'Source 2', exact: true }).click()
  await expect(chat.sourcePanel.getByRole('link', { name: `${fakeUrl}/marmalade` })).toBeVisible()
})

import { expect, test } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { ChatPage } from './pages/ChatPage'
import { ConversationsPage } from './pages/ConversationsPage'
import { ModelHostSection } from './pages/ModelHostSection'
import { SettingsPage } from './pages/SettingsPage'
import { expectAccessible } from './support/expectAccessible'
import {
  startFakeOllamaWithChat,
  type ChatRequest,
  type FakeOllamaWithChat,
} from './support/fakeOllamaWithChat'
import { openApp } from './support/openApp'
import { seedNotesCollection } from './support/seedNotesCollection'
import { startFakeSearxng, type FakeSearxng } from './support/startFakeSearxng'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Issue 18's one flow, on the app the sync server serves (what `npm start` deploys): Settings adds an
// Ollama server (a fake one started here) and installs a model on it with a progress bar; a
// conversation with a persona is answered by that model, which was told the persona's prompt; then a
// document question with "Search the web" on is answered by it, citing the web page (a fake SearXNG
// and the page it finds, also started here). The in-browser API reaches both fakes from the page's
// origin, so they allow it (CORS), as a person's Ollama with OLLAMA_ORIGINS would.

const server = `http://127.0.0.1:${SYNC_PORT}`
const MODEL = 'quire-tiny:1b'
/** In the persona's prompt only: the model must have been told it. */
const MARKER = 'Sign every answer as the Harbourmaster (marker hm-7731).'
const CONVERSATION_REPLY = 'Fair winds: the harbour opens at dawn. — the Harbourmaster'
const PAGE = `<!doctype html><html><head><title>Marmalade facts</title></head><body>
<nav>Home | Recipes</nav><main><h1>Marmalade</h1>
<p>Seville oranges make the best marmalade because of their bitter peel.</p>
<p>Marmalade was first sold in Dundee in 1797.</p></main></body></html>`

let ollama: FakeOllamaWithChat
let searx: FakeSearxng | undefined
let searxUrl = ''

/** The number the answer prompt gave the web page (`[n] … (web page <url>)`), or null when it was not there. */
function webSourceNumber(request: ChatRequest | undefined, url: string): number | null {
  const system = request?.messages.find((message) => message.role === 'system')?.content ?? ''
  const found = system.match(
    new RegExp(`^\\[(\\d+)\\] [^\\n]*\\(web page ${url.replace(/[.]/g, '\\.')}\\)`, 'm'),
  )
  return found ? Number(found[1]) : null
}

test.beforeAll(async () => {
  ollama = await startFakeOllamaWithChat({
    cors: [server],
    // A document question (its prompt lists the web page) is answered citing it; anything else gets the
    // conversation's reply.
    reply: (request) => {
      const web = webSourceNumber(request, `${searxUrl}/marmalade`)
      return web === null
        ? CONVERSATION_REPLY
        : `The spring tide reached 4.2 metres [1], and marmalade was first sold in Dundee in 1797 [${web}].`
    },
  })
  // Three layers of ten pieces each, slow enough for the bar to be seen part way.
  ollama.ollama.pulls.set(MODEL, { layers: [3_000_000, 1_000_000, 1_000_000], steps: 10, delayMs: 60 })

  // SearXNG and the page it finds (/marmalade).
  searx = await startFakeSearxng({
    results: [{ title: 'Marmalade facts', path: '/marmalade', content: 'History.', engine: 'duckduckgo' }],
    pages: { '/marmalade': { html: PAGE } },
  })
  searxUrl = searx.url
})

test.afterAll(async () => {
  await ollama?.close()
  await searx?.close()
})

test('Ollama added and a model installed in Settings; a persona conversation and a web-searched document answer come from it', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(180_000))
  await openApp(page, `${server}/`)
  const settings = new SettingsPage(page)

  await test.step('Settings adds the Ollama server and tests its connection', async () => {
    await settings.open()
    await settings.addServer('Ollama', { name: 'Boathouse', address: ollama.url })
    await expect(await settings.testServer('Boathouse')).toHaveText('Connected: 0 models')
    await expectAccessible(page, 'Settings with the Ollama server added')
  })

  await test.step('Local models installs a model with a progress bar that advances to done', async () => {
    const host = new ModelHostSection(page)
    await host.connect(ollama.url)
    await expect(host.connection).toHaveText('Connected to Ollama 0.5.7-fake.')
    await host.install(MODEL)
    const bar = host.progress(MODEL)
    const seen: number[] = []
    await expect
      .poll(
        async () => {
          const value = Number(
            (await bar.getAttribute('value', { timeout: scaledTimeout(1_000) }).catch(() => null)) ?? 0,
          )
          seen.push(value)
          return value
        },
        { timeout: scaledTimeout(20_000), intervals: [100] },
      )
      .toBeGreaterThanOrEqual(50)
    await expectAccessible(page, 'Settings with an install in progress')
    await host.expectOutcome(`${MODEL} is installed.`)
    await expect(host.models.filter({ hasText: MODEL })).toHaveCount(1)
    // The bar rose through values part way before the install ended.
    const partWay = seen.filter((value) => value > 0 && value < 100)
    expect(new Set(partWay).size, `progress values seen: ${seen.join(', ')}`).toBeGreaterThanOrEqual(2)
    expect(seen, 'the bar never goes back').toEqual([...seen].sort((a, b) => a - b))
    expect(ollama.ollama.pullRequests).toEqual([MODEL])
    await expect(await settings.testServer('Boathouse')).toHaveText(`Connected: 1 model (${MODEL})`)
  })

  await test.step('Conversations: a persona, a conversation with it and the model, its reply', async () => {
    const conversations = new ConversationsPage(page)
    await conversations.open()
    await conversations.createPersona({ name: 'Harbourmaster', systemPrompt: MARKER })
    await conversations.newConversation('Harbourmaster')
    const model = page.getByRole('main').getByRole('combobox', { name: 'Model', exact: true })
    await model.selectOption({ label: MODEL })
    await expect(page.getByText(`Replies now come from ${MODEL}`)).toBeVisible()
    await conversations.send('When does the harbour open?')
    await expect(conversations.assistantMessages().last()).toContainText(CONVERSATION_REPLY, {
      timeout: scaledTimeout(30_000),
    })
    const asked = ollama.chats.at(-1)
    expect(asked?.model).toBe(MODEL)
    expect(asked?.messages.find((message) => message.role === 'system')?.content).toContain(MARKER)
    expect(asked?.messages.at(-1)).toMatchObject({ role: 'user', content: 'When does the harbour open?' })
    await expectAccessible(page, 'Conversations with the model’s reply')
  })

  await test.step('A document question with “Search the web” on cites the web page', async () => {
    await seedNotesCollection(page, 'Harbour')
    await settings.open()
    const web = page.getByRole('region', { name: 'Web search' })
    await web.getByLabel('SearXNG URL').fill(searxUrl)
    await web.getByRole('button', { name: 'Test' }).click()
    await expect(web.getByRole('status')).toHaveText('Connected: SearXNG answers with 2 engines.')
    await page.getByRole('button', { name: 'Refresh models' }).click()
    await settings.generator.selectOption({ label: MODEL })
    await expect(page.getByText(`Answers now come from ${MODEL}`)).toBeVisible()

    const chat = new ChatPage(page)
    await chat.open()
    await chat.newChat('Harbour')
    await page.getByRole('checkbox', { name: 'Search the web' }).check()
    const chatsBefore = ollama.chats.length
    await chat.ask('How high was the spring tide, and when was marmalade first sold in Dundee?')
    const answer = chat.assistantMessages().last()
    await expect(answer).toContainText('marmalade was first sold in Dundee in 1797', {
      timeout: scaledTimeout(45_000),
    })

    // The model was given the scraped page as a numbered source, and cited that number.
    const asked = ollama.chats.slice(chatsBefore).at(-1)
    const number = webSourceNumber(asked, `${searxUrl}/marmalade`)
    expect(number, 'the web page among the prompt’s sources').not.toBeNull()
    expect(asked?.messages[0]?.content).toContain('Marmalade was first sold in Dundee in 1797.')
    await expect(chat.citation(number!)).toBeVisible()
    await chat.citation(number!).click()
    await expect(chat.sourcePanel.getByRole('heading', { name: `Source ${number}` })).toBeFocused()
    await expect(chat.sourcePanel.getByRole('link', { name: `${searxUrl}/marmalade` })).toHaveAttribute(
      'href',
      `${searxUrl}/marmalade`,
    )
    await expectAccessible(page, 'Chat with the web source open')
  })
})

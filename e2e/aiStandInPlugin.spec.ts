import { expect, test, type Page } from './support/test'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { StandInChatModule } from './pages/StandInChatModule'
import { StandInDocsModule } from './pages/StandInDocsModule'
import { apiJson } from './support/apiJson'
import { collectErrors } from './support/collectErrors'
import {
  startFakeOllamaWithChat,
  type ChatRequest,
  type FakeOllamaWithChat,
} from './support/fakeOllamaWithChat'
import { APP_ORIGINS } from './support/appOrigins'
import { openApp } from './support/openApp'
import { pointSeededOllama } from './support/pointSeededOllama'
import { samplePluginZips } from './support/samplePluginZips'
import { seedNotesCollection } from './support/seedNotesCollection'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Issue 42 item 6, for CI: QuireAiStandIn makes the calls of BrainDrive's Chat and Chat With Docs plugins
// the way they make them (plugins/QuireAiStandIn, each call citing the plugin's line), and runs their
// flows on both hosts with a fake Ollama: Chat lists its model, streams an answer, keeps the
// conversation in its history and switches personas; Chat With Docs sees its services healthy at their
// localhost URLs, shows the person's collections and documents, uploads and processes a document through
// its own input and answers from it with its sources. Nothing the plugins do may log an error.

const MODEL = 'tiny-chat:1b'
const WAREHOUSE = `# Tulsa warehouse

The Tulsa warehouse holds 340 pallets of copper wire, counted on the first of March.
`

let standInZip: Buffer
let ollama: FakeOllamaWithChat

/** The fake model's answers: a pirate for the pirate persona, the count when given the excerpts. */
function reply(request: ChatRequest): string {
  const system = request.messages.find((m) => m.role === 'system')?.content ?? ''
  const last = request.messages[request.messages.length - 1]?.content ?? ''
  if (system.includes('pirate')) return 'Arr, the hold be full of rum and rope.'
  if (last.includes('Excerpt: 0') && last.includes('340 pallets'))
    return 'The excerpts say 340 pallets of copper wire.'
  return 'The harbour tide reached four metres on the third morning.'
}

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  standInZip = (await samplePluginZips('QuireAiStandIn')).QuireAiStandIn
  ollama = await startFakeOllamaWithChat({
    cors: APP_ORIGINS.map((origin) => origin.baseURL),
    reply,
    delayMs: 120,
  })
  ollama.ollama.installed.add(MODEL)
})

test.afterAll(async () => {
  await ollama?.close()
})

async function openBoard(page: Page): Promise<{ chat: StandInChatModule; docs: StandInDocsModule }> {
  await openApp(page)
  await pointSeededOllama(page, ollama.url)
  await apiJson(page, '/api/v1/personas', 'POST', { name: 'Pirate', system_prompt: 'You are a pirate.' })
  await seedNotesCollection(page, 'Harbour')
  const board = new PluginBoardPage(page)
  await board.install(standInZip, 'QuireAiStandIn-1.0.0.zip')
  await board.create('AI plugins', 'ai-plugins', [
    { i: 'chat', pluginId: 'QuireAiStandIn', moduleId: 'Chat', x: 0, y: 0, w: 12, h: 10 },
    { i: 'docs', pluginId: 'QuireAiStandIn', moduleId: 'ChatWithDocs', x: 0, y: 10, w: 12, h: 12 },
  ])
  await board.open('ai-plugins', 'AI plugins')
  for (const i of ['chat', 'docs']) await expect(board.cell(i)).toHaveAttribute('data-state', 'ready')
  return {
    chat: new StandInChatModule(board.module('chat')),
    docs: new StandInDocsModule(board.module('docs')),
  }
}

async function chatFlow(page: Page): Promise<void> {
  let { chat } = await openBoard(page)
  await expect(chat.status).toHaveText('Ready')
  await expect(chat.user).toHaveText(/^Signed in as \S+/)
  // The fake's model, once (all-models and Ollama's own list both name it); WebLLM's are listed too.
  const fakeModel = chat.model.getByRole('option', { name: `${MODEL} (New Server)`, exact: true })
  await expect(fakeModel).toHaveCount(1)
  await chat.model.selectOption({ label: `${MODEL} (New Server)` })
  await chat.libraryScope.selectOption('life')

  const chatsBefore = ollama.chats.length
  await chat.ask('How high was the tide?')
  // Streamed: the answer grows while the status still says so, one chunk per word.
  await expect(chat.status).toHaveText('Streaming…')
  await expect(chat.messages('assistant').last()).toContainText('The harbour')
  await expect(chat.status).toHaveText('Answered')
  await expect(chat.messages('assistant').last()).toHaveText(
    'The harbour tide reached four metres on the third morning.',
  )
  await expect(chat.chunks).toHaveText(/^([2-9]|\d{2,}) chunks$/)
  expect(ollama.chats.length).toBe(chatsBefore + 1)
  expect(ollama.chats.at(-1)!.model).toBe(MODEL)
  await expect(chat.history).toHaveText([`Conversation with ${MODEL}`])

  // Kept: after a reload the history lists it, opening it shows both turns, and the scope stayed.
  await page.reload()
  chat = new StandInChatModule(new PluginBoardPage(page).module('chat'))
  await expect(chat.status).toHaveText('Ready')
  await expect(chat.libraryScope).toHaveValue('life')
  await chat.history.first().click()
  await expect(chat.messages('user')).toHaveText(['How high was the tide?'])
  await expect(chat.messages('assistant')).toHaveText([
    'The harbour tide reached four metres on the third morning.',
  ])

  // Another persona: its prompt reaches the model first, and the answer is in its voice.
  await chat.newChat()
  await chat.persona.selectOption({ label: 'Pirate' })
  // The choice stays shown while its record is read, and the question asked at once waits for it.
  await expect(chat.persona.locator('option:checked')).toHaveText('Pirate')
  await chat.ask('What is in the hold?')
  await expect(chat.status).toHaveText('Answered')
  await expect(chat.messages('assistant').last()).toHaveText('Arr, the hold be full of rum and rope.')
  expect(ollama.chats.at(-1)!.messages[0]).toEqual({ role: 'system', content: 'You are a pirate.' })
  await expect(chat.history).toHaveCount(2)
}

async function docsFlow(page: Page): Promise<void> {
  const { docs } = await openBoard(page)
  await expect(docs.services).toContainText('cwyd_service: ready')
  await expect(docs.services).toContainText('document_processing_service: ready')
  await expect(docs.status).toHaveText('Ready')
  // A click that lands while the frame is still re-rendering its list can be lost on a loaded machine:
  // clicked again until the collection is open (its documents listed), and a listing that fails says so.
  await expect(async () => {
    await docs.collection('Harbour').click()
    await expect(docs.document('harbour.md')).toHaveText('harbour.md: completed', { timeout: 5_000 })
  }).toPass({ timeout: scaledTimeout(30_000) })
  await expect(docs.status).toHaveText('Ready')

  await docs.upload('warehouse.md', WAREHOUSE)
  await expect(docs.document('warehouse.md')).toHaveAttribute('data-status', /processing|completed/)
  await expect(docs.document('warehouse.md')).toHaveText('warehouse.md: completed', {
    timeout: scaledTimeout(30_000),
  })

  await docs.ask('How many pallets does the Tulsa warehouse hold?')
  await expect(docs.answer).toHaveText('The excerpts say 340 pallets of copper wire.')
  await expect(docs.sources.first()).toHaveText('warehouse.md')
  const prompt = ollama.chats.at(-1)!.messages.at(-1)!.content
  expect(prompt).toContain('340 pallets')
  expect(prompt).toContain('User Question: How many pallets does the Tulsa warehouse hold?')
}

for (const { name: host, baseURL } of APP_ORIGINS) {
  test.describe(`on ${host}`, () => {
    test.use({ baseURL })

    test('the Chat stand-in lists its model, streams, keeps its history and switches personas', async ({
      page,
    }) => {
      test.setTimeout(scaledTimeout(90_000))
      const errors = collectErrors(page)
      await chatFlow(page)
      expect(errors).toEqual([])
    })

    test('the Chat With Docs stand-in shows collections and documents, uploads, processes and answers with sources', async ({
      page,
    }) => {
      test.setTimeout(scaledTimeout(90_000))
      const errors = collectErrors(page)
      await docsFlow(page)
      expect(errors).toEqual([])
    })
  })
}

import { expect, test, type Page } from './support/test'
import { DesignerPage } from './pages/DesignerPage'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { samplePluginZips } from './support/samplePluginZips'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Quire's own screens as page modules (`pluginId: 'quire'`): rendered natively in their cells, beside a
// plugin's module in its frame. The static server has no API: everything is the in-browser API's.
const NOTES = `# Harbour survey

## Tides

The spring tide at the northern jetty reached 4.2 metres on the third morning.

## Birds

A pair of oystercatchers nested above the high-water line and raised two chicks.
`

let notesZip: Buffer
let followerZip: Buffer

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  const zips = await samplePluginZips('QuireNotes', 'QuireFollower')
  notesZip = zips.QuireNotes
  followerZip = zips.QuireFollower
})

const LIGHTHOUSE = `# Lighthouse log

## Lamp

The keeper trimmed the paraffin lamp at dusk and wound the clockwork that turns the lens.

## Fog

In fog the keeper sounded the horn every thirty seconds until the ferry passed.
`

/** A collection holding one Markdown file, processed; its id. */
async function seedCollection(page: Page, name: string, text: string): Promise<string> {
  const outcome = await page.evaluate(
    async ({ name, text, limitMs }) => {
      const created = await fetch('/api/collections/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, description: 'built-in modules e2e' }),
      }).then((r) => r.json())
      const form = new FormData()
      form.set('collection_id', created.id)
      form.set('file', new File([text], `${name.toLowerCase()}.md`, { type: 'text/markdown' }))
      let document = await fetch('/api/documents/', { method: 'POST', body: form }).then((r) => r.json())
      const deadline = Date.now() + limitMs
      while (document.status === 'processing' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        document = await fetch(`/api/documents/${document.id}`).then((r) => r.json())
      }
      return { id: created.id as string, status: document.status as string }
    },
    // Measured here, in Node: the function above runs in the page, which has no scaledTimeout.
    { name, text, limitMs: scaledTimeout(90_000) },
  )
  expect(outcome.status).toBe('completed')
  return outcome.id
}

test('a page combines the built-in Chat on a collection with a plugin’s notes: both work, no frame for the chat', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(150_000))
  await openApp(page)
  const collectionId = await seedCollection(page, 'Harbour', NOTES)
  const board = new PluginBoardPage(page)
  await board.install(notesZip, 'QuireNotes-1.0.0.zip')
  await board.create('Harbour desk', 'harbour-desk', [
    {
      i: 'chat',
      pluginId: 'quire',
      moduleId: 'Chat',
      x: 0,
      y: 0,
      w: 8,
      h: 8,
      config: { collection_id: collectionId },
    },
    { i: 'notes', pluginId: 'QuireNotes', moduleId: 'Notes', x: 8, y: 0, w: 4, h: 5 },
  ])

  await board.open('harbour-desk', 'Harbour desk')
  const chat = board.cell('chat')
  await expect(chat).toHaveAttribute('data-state', 'ready')
  await expect(chat).toHaveAttribute('data-builtin', 'Chat')
  await expect(board.cell('notes')).toHaveAttribute('data-state', 'ready')
  // The built-in renders in Quire's page, not in a frame; the plugin's module is in its sandboxed frame.
  await expect(chat.locator('iframe')).toHaveCount(0)
  await expect(board.frameElement('notes')).toHaveCount(1)

  // The chat's own session for the collection, found again on the next visit.
  await expect(chat.getByRole('heading', { name: 'Page chat: Harbour', level: 2 })).toBeVisible()
  await expect(chat).toContainText('Searching: Harbour')
  const question = chat.getByRole('textbox', { name: 'Your question' })
  await question.fill('Where did the oystercatchers nest?')
  await question.press('Enter')
  const thread = chat.getByRole('log', { name: 'Messages' })
  await expect(thread).toContainText('Where did the oystercatchers nest?')
  const answer = thread.locator('.chat-message-assistant').last()
  await expect(answer).toContainText('oystercatchers', { timeout: scaledTimeout(30_000) })
  const citation = thread.getByRole('button', { name: 'Source 1', exact: true }).first()
  await expect(citation).toBeVisible()
  await citation.click()
  const source = chat.getByRole('complementary', { name: /^Source \d+$/ })
  await expect(source).toContainText('harbour.md')
  await expect(source).toContainText('oystercatchers nested above the high-water line')
  // Escape is pressed in the panel (its heading has focus when it opens): the notes frame beside it can
  // take focus while it loads, and a key pressed there never reaches the page.
  await source.getByRole('heading', { name: /^Source \d+$/ }).press('Escape')
  await expect(source).toBeHidden()

  // The notes module beside it saves through its plugin state.
  const notes = board.module('notes')
  await expect(notes.getByTestId('notes-status')).toHaveText('No notes yet')
  await notes.getByTestId('notes-input').fill('Count the chicks again')
  await notes.getByTestId('notes-add').click()
  await expect(notes.getByTestId('notes-status')).toHaveText('Saved')

  await expectAccessible(page, 'a page with the built-in chat beside a plugin module')
  await page.screenshot({ path: 'e2e/output/screens/builtin-chat-page.png', fullPage: true })

  // Again after a reload: the same session, the conversation kept, no second session made.
  await page.reload()
  await expect(board.heading('Harbour desk')).toBeVisible()
  await expect(board.cell('chat').getByRole('log', { name: 'Messages' })).toContainText(
    'Where did the oystercatchers nest?',
  )
  const sessions = await page.evaluate(async () => (await fetch('/api/chat/sessions')).json())
  expect((sessions as Array<{ name: string }>).filter((s) => s.name === 'Page chat: Harbour')).toHaveLength(1)
})

test('an unknown built-in module fails in its own cell; one without its collection says which setting to fill', async ({
  page,
}) => {
  await openApp(page)
  const board = new PluginBoardPage(page)
  await board.create('Built-in edge cases', 'builtin-edges', [
    { i: 'nothing', pluginId: 'quire', moduleId: 'Nothing', x: 0, y: 0, w: 4, h: 3 },
    { i: 'chat', pluginId: 'quire', moduleId: 'Chat', x: 4, y: 0, w: 4, h: 3 },
    { i: 'collections', pluginId: 'quire', moduleId: 'Collections', x: 8, y: 0, w: 4, h: 3 },
  ])
  await board.open('builtin-edges', 'Built-in edge cases')
  await expect(board.cell('nothing')).toHaveAttribute('data-state', 'error')
  await expect(board.error('nothing')).toContainText('Quire has no built-in module Nothing')
  // No collection yet is a choice, not an error: with none to choose from, it says where to add one.
  const choice = board.cell('chat').getByRole('form', { name: 'Choose a collection' })
  await expect(choice).toContainText(
    'This Chat module works on one collection. Choose it here (it is saved in the module’s settings), or choose one in a Collections module on this page.',
  )
  await expect(choice).toContainText('You have no collections yet.')
  await expect(choice.getByRole('link', { name: 'Add a collection' })).toHaveAttribute('href', '/collections')
  await expect(board.cell('chat').getByRole('alert')).toHaveCount(0)
  await expect(board.cell('collections').getByText('No collections yet.')).toBeVisible()
  await expectAccessible(page, 'a page of built-in modules without their settings')
})

test('a built-in Chat without a collection offers the choice in place; the choice is saved to the module and the chat answers from it', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(150_000))
  await openApp(page)
  await seedCollection(page, 'Lighthouse', LIGHTHOUSE)
  const harbour = await seedCollection(page, 'Harbour', NOTES)
  const board = new PluginBoardPage(page)
  const pageId = await board.create('Chat to set up', 'chat-to-set-up', [
    { i: 'chat', pluginId: 'quire', moduleId: 'Chat', x: 0, y: 0, w: 8, h: 8 },
  ])
  await board.open('chat-to-set-up', 'Chat to set up')
  const chat = board.cell('chat')
  const choice = chat.getByRole('form', { name: 'Choose a collection' })
  const select = choice.getByRole('combobox', { name: 'Collection for this Chat module' })
  await expect(select.getByRole('option')).toHaveText(['Harbour', 'Lighthouse'])
  await expect(chat.getByRole('alert')).toHaveCount(0)
  await expectAccessible(page, 'a built-in chat offering the choice of a collection, light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectAccessible(page, 'a built-in chat offering the choice of a collection, dark')
  await page.emulateMedia({ colorScheme: 'light' })

  // By keyboard: the collection, then Use this collection.
  await select.focus()
  await select.selectOption({ label: 'Harbour' })
  await page.keyboard.press('Tab')
  await expect(choice.getByRole('button', { name: 'Use this collection' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(chat.getByRole('heading', { name: 'Page chat: Harbour', level: 2 })).toBeVisible()
  await expect(chat).toContainText('Searching: Harbour')
  await expect(choice).toHaveCount(0)

  // Saved in the module's own settings on the page, as the designer would save it.
  const saved = await page.evaluate(
    async (id) => (await (await fetch(`/api/v1/pages/${id}`)).json()) as StoredPage,
    pageId,
  )
  expect(saved.content.modules.chat?.config).toEqual({ collection_id: harbour })

  // And it works: an answer from Harbour's document.
  const question = chat.getByRole('textbox', { name: 'Your question' })
  await question.fill('Where did the oystercatchers nest?')
  await question.press('Enter')
  const answer = chat.getByRole('log', { name: 'Messages' }).locator('.chat-message-assistant').last()
  await expect(answer).toContainText('oystercatchers', { timeout: scaledTimeout(30_000) })

  // After a reload it opens on Harbour straight away.
  await page.reload()
  await expect(board.cell('chat')).toContainText('Searching: Harbour')
  await expect(board.cell('chat').getByRole('form', { name: 'Choose a collection' })).toHaveCount(0)
})

interface StoredPage {
  content: { modules: Record<string, { config?: Record<string, unknown> } | undefined> }
}

/** Starts an evaluation run over the collection from the page and waits for it to finish; its id. */
async function runEvaluation(page: Page, collectionId: string): Promise<string> {
  const outcome = await page.evaluate(
    async ({ collection_id, limitMs }) => {
      const started = await fetch('/api/evaluation/run', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          collection_id,
          test_cases: [{ question: 'How high was the spring tide?', ground_truth: '4.2 metres' }],
          config: { top_k: 3, use_hybrid_search: true },
        }),
      }).then((r) => r.json())
      const deadline = Date.now() + limitMs
      let run = { is_completed: false }
      while (!run.is_completed && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        run = await fetch(`/api/evaluation/results/${started.evaluation_id}`).then((r) => r.json())
      }
      return { id: started.evaluation_id as string, done: run.is_completed }
    },
    // Measured here, in Node: the function above runs in the page, which has no scaledTimeout.
    { collection_id: collectionId, limitMs: scaledTimeout(60_000) },
  )
  expect(outcome.done).toBe(true)
  return outcome.id
}

/** Every element id on the page that more than one element carries. */
async function duplicateIds(page: Page): Promise<string[]> {
  const ids = await page.locator('[id]').evaluateAll((elements) => elements.map((e) => e.id))
  return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))]
}

test('every built-in on one page: Search finds a passage, Collections drives the unpinned Chat and Search, Evaluation lists runs, two Chats side by side', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(240_000))
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.emulateMedia({ colorScheme: 'light' })
  await openApp(page)
  const harbour = await seedCollection(page, 'Harbour', NOTES)
  await seedCollection(page, 'Lighthouse', LIGHTHOUSE)
  await runEvaluation(page, harbour)
  const board = new PluginBoardPage(page)
  const pageId = await board.create('Research desk', 'research-desk', [
    { i: 'collections', pluginId: 'quire', moduleId: 'Collections', x: 0, y: 0, w: 4, h: 5 },
    { i: 'search', pluginId: 'quire', moduleId: 'Search', x: 4, y: 0, w: 8, h: 6 },
    // Pinned to Harbour in its settings: a choice on the page leaves it alone.
    {
      i: 'chat-a',
      pluginId: 'quire',
      moduleId: 'Chat',
      x: 0,
      y: 6,
      w: 6,
      h: 8,
      config: { collection_id: harbour },
    },
    // No collection of its own: it follows the Collections module.
    { i: 'chat-b', pluginId: 'quire', moduleId: 'Chat', x: 6, y: 6, w: 6, h: 8 },
    {
      i: 'evaluation',
      pluginId: 'quire',
      moduleId: 'Evaluation',
      x: 0,
      y: 14,
      w: 12,
      h: 6,
      config: { collection_id: harbour },
    },
  ])
  await board.open('research-desk', 'Research desk')
  for (const i of ['collections', 'search', 'chat-a', 'chat-b', 'evaluation']) {
    await expect(board.cell(i)).toHaveAttribute('data-state', 'ready')
    // The page's services reach the built-ins: its theme and its context.
    await expect(board.cell(i)).toHaveAttribute('data-theme', 'light')
    await expect(board.cell(i)).toHaveAttribute('data-page', pageId)
  }
  const chatA = board.cell('chat-a')
  const chatB = board.cell('chat-b')
  await expect(chatA).toContainText('Searching: Harbour')
  // Not an error: the unconfigured chat offers the choice in place (a Collections module can still choose).
  const choice = chatB.getByRole('form', { name: 'Choose a collection' })
  await expect(choice.getByRole('combobox', { name: 'Collection for this Chat module' })).toBeVisible()
  await expect(choice.getByRole('button', { name: 'Use this collection' })).toBeVisible()
  await expect(chatB.getByRole('alert')).toHaveCount(0)

  // Search, over every collection: finds the passage in the uploaded Markdown document.
  const search = board.cell('search')
  await search.getByRole('searchbox', { name: 'Query' }).fill('oystercatchers nested')
  await search.getByRole('button', { name: 'Search', exact: true }).click()
  const results = search.getByRole('region', { name: 'Search results' })
  await expect(results).toContainText('oystercatchers nested above the high-water line')
  await expect(results).toContainText('harbour.md')

  // Collections lists both; choosing Lighthouse sends quire.collection.selected over the page's bus.
  const collections = board.cell('collections')
  await expect(collections.getByRole('list', { name: 'Collections' }).getByRole('listitem')).toHaveCount(2)
  const chooseLighthouse = collections.getByRole('button', { name: 'Choose Lighthouse' })
  await chooseLighthouse.click()
  await expect(chooseLighthouse).toHaveAttribute('aria-pressed', 'true')
  // Chat, Chat, Search and Evaluation declare receiving it: all four hear it.
  await expect(collections.getByRole('status')).toHaveText(
    /^Lighthouse chosen and sent to 4 modules on this page/,
  )
  // The unpinned chat opens Lighthouse's page chat; the pinned one keeps Harbour.
  await expect(chatB.getByRole('heading', { name: 'Page chat: Lighthouse', level: 2 })).toBeVisible()
  await expect(chatB).toContainText('Searching: Lighthouse')
  await expect(chatA).toContainText('Searching: Harbour')
  // The search switches to Lighthouse and searches again: nothing about oystercatchers there.
  await expect(search.getByRole('combobox', { name: 'Collection' }).locator('option:checked')).toHaveText(
    'Lighthouse',
  )
  await expect(results).not.toContainText('harbour.md')
  await expect(results).not.toContainText('nested above the high-water line')
  await search.getByRole('searchbox', { name: 'Query' }).fill('paraffin lamp')
  await search.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(results).toContainText('The keeper trimmed the paraffin lamp')
  await expect(results).toContainText('lighthouse.md')
  // The pinned evaluation keeps showing Harbour's runs.
  const evaluation = board.cell('evaluation')
  await expect(evaluation).toContainText('Evaluating Harbour')
  await expect(evaluation.getByRole('table').getByRole('row')).toHaveCount(2)
  await expect(evaluation.getByRole('link', { name: 'Start a run on Harbour' })).toBeVisible()

  // Two chats side by side, each answering from its own collection.
  const askIn = async (chat: typeof chatA, question: string, expected: string) => {
    const box = chat.getByRole('textbox', { name: 'Your question' })
    await box.fill(question)
    await box.press('Enter')
    const answer = chat.getByRole('log', { name: 'Messages' }).locator('.chat-message-assistant').last()
    await expect(answer).toContainText(expected, { timeout: scaledTimeout(30_000) })
  }
  await askIn(chatA, 'Where did the oystercatchers nest?', 'oystercatchers')
  await askIn(chatB, 'What did the keeper do in fog?', 'horn')

  // No element id twice on the page: each module's labels point at its own fields.
  expect(await duplicateIds(page)).toEqual([])
  const questionIds = await page
    .getByRole('textbox', { name: 'Your question' })
    .evaluateAll((boxes) => boxes.map((box) => box.id))
  expect(new Set(questionIds).size).toBe(2)

  await expectAccessible(page, 'every built-in module on one page, light, 1280 px')
  await page.screenshot({ path: 'e2e/output/screens/builtin-modules-1280-light.png', fullPage: true })
  await page.emulateMedia({ colorScheme: 'dark' })
  for (const i of ['collections', 'search', 'chat-a', 'chat-b', 'evaluation'])
    await expect(board.cell(i)).toHaveAttribute('data-theme', 'dark')
  await expectAccessible(page, 'every built-in module on one page, dark, 1280 px')
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.locator('.plugin-page')).toHaveAttribute('data-breakpoint', 'mobile')
  await expectAccessible(page, 'every built-in module on one page, dark, 390 px')
  await page.screenshot({ path: 'e2e/output/screens/builtin-modules-390-dark.png', fullPage: true })
  await page.emulateMedia({ colorScheme: 'light' })
  await expectAccessible(page, 'every built-in module on one page, light, 390 px')
  expect(await duplicateIds(page)).toEqual([])
})

test('a module whose collection was deleted says so on the page, and its designer form offers the person’s collections by name', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(150_000))
  await openApp(page)
  const gone = await seedCollection(page, 'Old survey', NOTES)
  await seedCollection(page, 'Lighthouse', LIGHTHOUSE)
  const board = new PluginBoardPage(page)
  const pageId = await board.create('Old desk', 'old-desk', [
    {
      i: 'chat',
      pluginId: 'quire',
      moduleId: 'Chat',
      x: 0,
      y: 0,
      w: 6,
      h: 6,
      config: { collection_id: gone },
    },
    {
      i: 'search',
      pluginId: 'quire',
      moduleId: 'Search',
      x: 6,
      y: 0,
      w: 6,
      h: 6,
      config: { collection_id: gone },
    },
    {
      i: 'evaluation',
      pluginId: 'quire',
      moduleId: 'Evaluation',
      x: 0,
      y: 6,
      w: 12,
      h: 5,
      config: { collection_id: gone },
    },
  ])
  const deleted = await page.evaluate(
    async (id) => (await fetch(`/api/collections/${id}`, { method: 'DELETE' })).status,
    gone,
  )
  expect(deleted).toBeLessThan(300)

  await board.open('old-desk', 'Old desk')
  for (const [i, name] of [
    ['chat', 'Chat'],
    ['search', 'Search'],
    ['evaluation', 'Evaluation'],
  ] as const) {
    await expect(board.error(i)).toContainText(`This ${name} module’s collection no longer exists`)
  }
  await expectAccessible(page, 'built-in modules whose collection was deleted')

  // The designer's form: a select of the person's collections by name; the deleted one is named as gone.
  const designer = new DesignerPage(page)
  await designer.open(pageId, 'Old desk')
  await designer.moduleButton('chat').click()
  const form = designer.settings('Chat')
  const select = form.getByRole('combobox', { name: 'Collection' })
  await expect(select.locator('option:checked')).toHaveText(`No longer exists (${gone})`)
  await expect(select).toHaveAttribute('aria-invalid', 'true')
  await expect(form).toContainText('The collection this module was set to no longer exists: choose another.')
  await expect(select.locator('option')).toHaveText([
    `No longer exists (${gone})`,
    'None: follow the collection chosen in a Collections module on the page',
    'Lighthouse',
  ])
  await expectAccessible(page, 'the designer’s form for a module whose collection was deleted')
  // Applying the deleted one is refused; choosing Lighthouse is taken.
  await form.getByRole('button', { name: 'Apply settings' }).click()
  await expect(form).toContainText('Choose one of the options')
  await select.selectOption({ label: 'Lighthouse' })
  await expect(form).not.toContainText('no longer exists')
  await form.getByRole('button', { name: 'Apply settings' }).click()
  await designer.expectAnnounced('Chat settings applied')
})

test('a plugin module that declares quire.collection.selected hears the built-in Collections module’s choice', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(150_000))
  await openApp(page)
  await seedCollection(page, 'Lighthouse', LIGHTHOUSE)
  const board = new PluginBoardPage(page)
  await board.install(followerZip, 'QuireFollower-1.0.0.zip')
  await board.create('Follow desk', 'follow-desk', [
    { i: 'collections', pluginId: 'quire', moduleId: 'Collections', x: 0, y: 0, w: 6, h: 5 },
    // QuireFollower listens under its own name, CollectionFollower, as BrainDrive's modules do.
    { i: 'follower', pluginId: 'QuireFollower', moduleId: 'CollectionFollower', x: 6, y: 0, w: 6, h: 5 },
  ])
  await board.open('follow-desk', 'Follow desk')
  await expect(board.cell('follower')).toHaveAttribute('data-state', 'ready')
  const follower = board.module('follower')
  await expect(follower.getByTestId('follower-collection')).toHaveText('No collection chosen yet')
  await board.cell('collections').getByRole('button', { name: 'Choose Lighthouse' }).click()
  await expect(board.cell('collections').getByRole('status')).toHaveText(
    /^Lighthouse chosen and sent to 1 module on this page/,
  )
  await expect(follower.getByTestId('follower-collection')).toHaveText('Lighthouse')
  await expect(follower.getByTestId('follower-documents')).toHaveText('1 documents')
})

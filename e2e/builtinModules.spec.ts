import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { buildSamplePlugins } from '../scripts/buildSamplePlugins.mjs'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'

// Quire's own screens as page modules (`pluginId: 'quire'`): rendered natively in their cells, beside a
// plugin's module in its frame. The static server has no API: everything is the in-browser API's.
const NOTES = `# Harbour survey

## Tides

The spring tide at the northern jetty reached 4.2 metres on the third morning.

## Birds

A pair of oystercatchers nested above the high-water line and raised two chicks.
`

let outDir = ''
let notesZip: Buffer

test.beforeAll(async () => {
  test.setTimeout(180_000)
  outDir = await mkdtemp(path.join(tmpdir(), 'quire-e2e-builtins-'))
  await buildSamplePlugins({ outDir, force: true })
  notesZip = await readFile(path.join(outDir, 'QuireNotes-1.0.0.zip'))
})

test.afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true })
})

/** A collection holding one Markdown file, processed; its id. */
async function seedCollection(page: Page, name: string, text: string): Promise<string> {
  const outcome = await page.evaluate(
    async ({ name, text }) => {
      const created = await fetch('/api/collections/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, description: 'built-in modules e2e' }),
      }).then((r) => r.json())
      const form = new FormData()
      form.set('collection_id', created.id)
      form.set('file', new File([text], 'harbour.md', { type: 'text/markdown' }))
      let document = await fetch('/api/documents/', { method: 'POST', body: form }).then((r) => r.json())
      const deadline = Date.now() + 90_000
      while (document.status === 'processing' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        document = await fetch(`/api/documents/${document.id}`).then((r) => r.json())
      }
      return { id: created.id as string, status: document.status as string }
    },
    { name, text },
  )
  expect(outcome.status).toBe('completed')
  return outcome.id
}

test('a page combines the built-in Chat on a collection with a plugin’s notes: both work, no frame for the chat', async ({
  page,
}) => {
  test.setTimeout(150_000)
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
  await expect(answer).toContainText('oystercatchers', { timeout: 30_000 })
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
  await expect(board.cell('chat')).toContainText('set its collection_id')
  await expect(board.cell('collections').getByText('No collections yet.')).toBeVisible()
  await expectAccessible(page, 'a page of built-in modules without their settings')
})

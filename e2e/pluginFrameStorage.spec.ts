import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from './support/test'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { openApp } from './support/openApp'
import { samplePluginsDir } from './support/samplePluginsDir'

// Issue 42 item 4: localStorage and sessionStorage work in a module's sandboxed frame (which has no
// allow-same-origin, so the browser's own throw), per plugin, and what a module stored is there again
// after a reload.
let outDir = ''
let collectionsZip: Buffer
let notesZip: Buffer

test.beforeAll(async () => {
  test.setTimeout(180_000)
  outDir = await samplePluginsDir()
  collectionsZip = await readFile(path.join(outDir, 'QuireCollections-1.0.0.zip'))
  notesZip = await readFile(path.join(outDir, 'QuireNotes-1.0.0.zip'))
})

test('a module’s localStorage and sessionStorage survive a reload, each plugin its own', async ({ page }) => {
  test.setTimeout(90_000)
  await openApp(page)
  const board = new PluginBoardPage(page)
  await board.install(collectionsZip, 'QuireCollections-1.0.0.zip')
  await board.install(notesZip, 'QuireNotes-1.0.0.zip')
  await board.create('Stored', 'stored', [
    { i: 'overview', pluginId: 'QuireCollections', moduleId: 'CollectionOverview', x: 0, y: 0, w: 6, h: 4 },
    { i: 'notes', pluginId: 'QuireNotes', moduleId: 'Notes', x: 6, y: 0, w: 6, h: 4 },
  ])
  await board.open('stored', 'Stored')
  await expect(board.cell('overview')).toHaveAttribute('data-state', 'ready')
  await expect(board.cell('notes')).toHaveAttribute('data-state', 'ready')
  // Still an opaque origin: the frame reaches none of Quire's storage.
  await expect(board.frameElement('overview')).toHaveAttribute('sandbox', 'allow-scripts allow-forms')

  const overview = board.module('overview').locator('body')
  const written = await overview.evaluate(() => {
    localStorage.setItem('library_scope', 'all')
    localStorage.other = 'as a property'
    sessionStorage.setItem('tab', 'one')
    return {
      origin: window.origin,
      scope: localStorage.getItem('library_scope'),
      length: localStorage.length,
      cookies: (() => {
        try {
          return document.cookie
        } catch {
          return 'refused'
        }
      })(),
    }
  })
  expect(written).toEqual({ origin: 'null', scope: 'all', length: 2, cookies: 'refused' })

  // Kept as the plugin's state (which syncs), per plugin: the page's API has it.
  const stored = async () =>
    page.evaluate(async () => {
      const response = await fetch(
        '/api/v1/plugin-state/?plugin_id=QuireCollections&state_key=quire.frame.localStorage',
      )
      const states = (await response.json()) as Array<{ state_data: { items: Record<string, string> } }>
      return states[0]?.state_data.items ?? null
    })
  await expect.poll(stored).toEqual({ library_scope: 'all', other: 'as a property' })

  await page.reload()
  await expect(board.cell('overview')).toHaveAttribute('data-state', 'ready')
  await expect(board.cell('notes')).toHaveAttribute('data-state', 'ready')
  const again = await board
    .module('overview')
    .locator('body')
    .evaluate(() => ({
      scope: localStorage.getItem('library_scope'),
      other: localStorage.getItem('other'),
      tab: sessionStorage.getItem('tab'),
    }))
  expect(again).toEqual({ scope: 'all', other: 'as a property', tab: 'one' })
  // Another plugin's frame has its own, empty storage.
  const notes = await board
    .module('notes')
    .locator('body')
    .evaluate(() => ({ length: localStorage.length, tab: sessionStorage.getItem('tab') }))
  expect(notes).toEqual({ length: 0, tab: null })
})

import { expect, test } from './support/test'
import { openApp } from './support/openApp'
import { openOverviewAndNotesBoard } from './support/openOverviewAndNotesBoard'
import { samplePluginZips } from './support/samplePluginZips'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Issue 42 item 4: localStorage and sessionStorage work in a module's sandboxed frame (which has no
// allow-same-origin, so the browser's own throw), per plugin, and what a module stored is there again
// after a reload.
let zips: { QuireCollections: Buffer; QuireNotes: Buffer }

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  zips = await samplePluginZips('QuireCollections', 'QuireNotes')
})

test('a module’s localStorage and sessionStorage survive a reload, each plugin its own', async ({ page }) => {
  test.setTimeout(scaledTimeout(90_000))
  await openApp(page)
  const board = await openOverviewAndNotesBoard(page, zips, 'Stored', 'stored')
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

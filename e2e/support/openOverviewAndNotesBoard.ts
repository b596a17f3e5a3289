import type { Page } from '@playwright/test'
import { expect } from './test'
import { PluginBoardPage } from '../pages/PluginBoardPage'

/**
 * Installs the Collections and Notes samples (`zips`, by slug) and opens a new board `name` at `route`
 * holding Collections' overview (cell `overview`) beside the notes (cell `notes`), both frames ready.
 */
export async function openOverviewAndNotesBoard(
  page: Page,
  zips: { QuireCollections: Buffer; QuireNotes: Buffer },
  name: string,
  route: string,
): Promise<PluginBoardPage> {
  const board = new PluginBoardPage(page)
  await board.install(zips.QuireCollections, 'QuireCollections-1.0.0.zip')
  await board.install(zips.QuireNotes, 'QuireNotes-1.0.0.zip')
  await board.create(name, route, [
    { i: 'overview', pluginId: 'QuireCollections', moduleId: 'CollectionOverview', x: 0, y: 0, w: 6, h: 4 },
    { i: 'notes', pluginId: 'QuireNotes', moduleId: 'Notes', x: 6, y: 0, w: 6, h: 4 },
  ])
  await board.open(route, name)
  await expect(board.cell('overview')).toHaveAttribute('data-state', 'ready')
  await expect(board.cell('notes')).toHaveAttribute('data-state', 'ready')
  return board
}

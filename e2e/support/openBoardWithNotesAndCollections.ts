import type { Page } from '@playwright/test'
import { PluginBoardPage } from '../pages/PluginBoardPage'
import { openApp } from './openApp'

/**
 * Opens the app at 1280×900 in `colorScheme` and installs the Notes and Collections samples (`zips`, by
 * slug), where the designer's specs start; the board, to create pages on.
 */
export async function openBoardWithNotesAndCollections(
  page: Page,
  zips: Record<string, Buffer>,
  colorScheme: 'light' | 'dark',
): Promise<PluginBoardPage> {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.emulateMedia({ colorScheme })
  await openApp(page)
  const board = new PluginBoardPage(page)
  await board.install(zips.QuireNotes!, 'QuireNotes-1.0.0.zip')
  await board.install(zips.QuireCollections!, 'QuireCollections-1.0.0.zip')
  return board
}

import type { Page } from '@playwright/test'
import { untilServiceWorker } from './openApp'

/**
 * Takes the page's browser offline once its service worker controls it: the app opened on a first visit
 * draws before its precache is complete, and a person who went offline in those seconds could not reload
 * it yet; the tests go offline as someone whose first visit had finished installing.
 */
export async function goOffline(page: Page): Promise<void> {
  await untilServiceWorker(page)
  await page.context().setOffline(true)
}

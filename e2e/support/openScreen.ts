import { type Page } from '@playwright/test'

/**
 * Follows a link of the app's one navigation (the `navigation` "Main" in the sidebar) by its exact name.
 * At phone width the navigation is in a drawer behind "Menu": it is opened first (following the link closes it).
 */
export async function openScreen(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click()
}

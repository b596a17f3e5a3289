import { expect, type Page } from '@playwright/test'

/**
 * Follows a link of the app's one navigation (the `navigation` "Main" in the sidebar) by its exact name.
 * At phone width the navigation is in a drawer behind "Menu": it is opened first (following the link closes it).
 */
export async function openScreen(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true })
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true })
  // Wait for the app to have drawn one of the two: just after a load neither exists yet, and asking then
  // whether Menu is visible would skip the drawer at phone width.
  await expect(menu.or(link).filter({ visible: true }).first()).toBeVisible()
  if (await menu.isVisible()) await menu.click()
  await link.click()
}

import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is now and fails on any serious or
 * critical violation, listing each rule with the first elements it found.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    )
  expect(blocking, `accessibility of ${screen}`).toEqual([])
}

/** `expectAccessible` in the light and then the dark colour scheme; the page is left light. */
export async function expectAccessibleInBothThemes(page: Page, screen: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expectAccessible(page, `${screen}, ${colorScheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

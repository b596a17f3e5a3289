import { expect, type Page } from '@playwright/test'

/**
 * Saves the person's own instance of the setting `definitionId` (named `name`) through the page's API,
 * as the app stores a setting, and expects it saved.
 */
export async function saveUserSetting(
  page: Page,
  definitionId: string,
  name: string,
  value: unknown,
): Promise<void> {
  const status = await page.evaluate(
    async (body) => {
      const response = await fetch('/api/v1/settings/instances', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return response.status
    },
    { definition_id: definitionId, name, value, scope: 'user', user_id: 'current' },
  )
  expect(status).toBeLessThan(300)
}

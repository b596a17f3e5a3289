import type { Page } from '@playwright/test'
import { saveUserSetting } from './saveUserSetting'

/** Points the seeded Ollama server (BrainDrive's, "New Server") at another address, as stored. */
export async function pointSeededOllama(page: Page, address: string): Promise<void> {
  const value = await page.evaluate(async () => {
    const query = 'definition_id=ollama_servers_settings&scope=user&user_id=current'
    const [instance] = (await (await fetch(`/api/v1/settings/instances?${query}`)).json()) as Array<{
      value: { servers: Array<Record<string, unknown>> }
    }>
    return (typeof instance!.value === 'string' ? JSON.parse(instance!.value) : instance!.value) as {
      servers: Array<Record<string, unknown>>
    }
  })
  value.servers[0]!.serverAddress = address
  await saveUserSetting(page, 'ollama_servers_settings', 'ollama_servers_settings', value)
}

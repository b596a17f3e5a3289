import { expect, type Page } from '@playwright/test'

/** Points the seeded Ollama server (BrainDrive's, "New Server") at another address, as stored. */
export async function pointSeededOllama(page: Page, address: string): Promise<void> {
  const status = await page.evaluate(async (serverAddress) => {
    const query = 'definition_id=ollama_servers_settings&scope=user&user_id=current'
    const [instance] = (await (await fetch(`/api/v1/settings/instances?${query}`)).json()) as Array<{
      value: { servers: Array<Record<string, unknown>> }
    }>
    const value = typeof instance!.value === 'string' ? JSON.parse(instance!.value) : instance!.value
    value.servers[0].serverAddress = serverAddress
    const response = await fetch('/api/v1/settings/instances', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        definition_id: 'ollama_servers_settings',
        name: 'ollama_servers_settings',
        value,
        scope: 'user',
        user_id: 'current',
      }),
    })
    return response.status
  }, address)
  expect(status).toBeLessThan(300)
}

import { expect, test } from '@playwright/test'
import { SettingsPage } from './pages/SettingsPage'
import { openApp } from './support/openApp'

test('settings: choose an embedder and an answer generator, test the connection, keep them after a reload', async ({
  page,
}) => {
  await openApp(page)
  const settings = new SettingsPage(page)
  await settings.open()
  await expect(settings.generator).toHaveValue('extractive')
  await expect(page.getByLabel('Built-in (hash-v1): no download, works everywhere')).toBeChecked()

  await settings.chooseModelEmbedder('Xenova/bge-small-en-v1.5')
  // Nothing listens on port 9: the test says so, naming the endpoint.
  await settings.chooseEndpoint('ollama', 'http://127.0.0.1:9', 'llama3.2')
  await expect(await settings.testConnection()).toContainText('127.0.0.1:9')
  await settings.save()

  await page.reload()
  await expect(settings.heading).toBeVisible()
  await expect(settings.generator).toHaveValue('ollama')
  await expect(page.getByLabel('Endpoint URL')).toHaveValue('http://127.0.0.1:9')
  await expect(page.getByLabel('Model id')).toHaveValue('Xenova/bge-small-en-v1.5')
  const stored = await page.evaluate(async () => (await fetch('/api/settings')).json())
  expect(stored).toEqual({
    embedder: { id: 'Xenova/bge-small-en-v1.5' },
    generator: { kind: 'ollama', base_url: 'http://127.0.0.1:9', model: 'llama3.2' },
  })
})

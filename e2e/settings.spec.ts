import { expect, test } from './support/test'
import { CollectionsPage } from './pages/CollectionsPage'
import { SettingsPage } from './pages/SettingsPage'
import { openApp } from './support/openApp'

test('settings: choose an embedder, add a model server and test it, keep them after a reload', async ({
  page,
}) => {
  await openApp(page)
  const settings = new SettingsPage(page)
  await settings.open()
  await expect(settings.generator).toHaveValue('extractive')
  await expect(page.getByLabel('Built-in (hash-v1): no download, works everywhere')).toBeChecked()

  await settings.chooseModelEmbedder('Xenova/bge-small-en-v1.5')
  // OCR reads English unless told otherwise; the last language cannot be unchecked.
  await expect(page.getByRole('checkbox', { name: 'English' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'English' })).toBeDisabled()
  await page.getByRole('checkbox', { name: 'French' }).check()
  await settings.save()
  // Nothing listens on port 9: the test says so, naming the server.
  await settings.addServer('Ollama', { name: 'Nowhere', address: 'http://127.0.0.1:9' })
  await expect(await settings.testServer('Nowhere')).toContainText('127.0.0.1:9')

  await page.reload()
  await expect(settings.heading).toBeVisible()
  await expect(settings.server('Nowhere')).toContainText('http://127.0.0.1:9')
  await expect(page.getByLabel('Model id')).toHaveValue('Xenova/bge-small-en-v1.5')
  await expect(page.getByRole('checkbox', { name: 'French' })).toBeChecked()
  const stored = await page.evaluate(async () => (await fetch('/api/settings')).json())
  expect(stored).toEqual({
    embedder: { id: 'Xenova/bge-small-en-v1.5' },
    generator: { kind: 'extractive' },
    ocr_languages: ['eng', 'fra'],
  })
})

test('settings: storage use, persistent storage, version, and WebLLM without WebGPU', async ({ page }) => {
  await openApp(page)
  const settings = new SettingsPage(page)
  await settings.open()

  await expect(settings.storageMeter).toBeVisible()
  await expect(settings.storageUsage).toHaveText(
    /^[\d.]+ (bytes|KB|MB|GB|TB) used of [\d.]+ (KB|MB|GB|TB) available/,
  )
  await expect(page.locator('#storage-persistence')).toHaveText(/Persistent|Best effort/)
  const persisted = await page.evaluate(() => navigator.storage.persisted())
  if (!persisted) await expect(await settings.keepData()).toHaveText(/Granted|declined/)

  await expect(settings.version).toHaveText(/^Quire version \d+\.\d+\.\d+/)

  // Headless Chromium has no WebGPU by default: WebLLM is offered but cannot be chosen, and the
  // picker says why (choosing it used to leave the saved setting extractive without a word).
  await expect(settings.generator.locator('option[value="webllm"]')).toBeDisabled()
  await expect(page.locator('#webllm-unavailable')).toContainText('WebGPU')
  await expect(page.locator('#webllm-unavailable')).toContainText(
    'extractive answerer, Ollama or an OpenAI-compatible',
  )
  await expect(settings.webLlmModel).toHaveCount(0)
})

test('settings: clear all data deletes collections and the app comes back empty', async ({ page }) => {
  await openApp(page)
  const collections = new CollectionsPage(page)
  await collections.open()
  await collections.create({ name: 'To be cleared', description: 'Gone after clearing' })
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.clearAllData()

  await openApp(page, page.url())
  await collections.open()
  await expect(page.getByRole('heading', { name: 'No collections yet' })).toBeVisible()
  await expect(collections.card('To be cleared')).toHaveCount(0)
  const listed = await page.evaluate(async () => (await fetch('/api/collections/')).json())
  expect(JSON.stringify(listed)).not.toContain('To be cleared')
})

import { expect, test, type Page } from './support/test'
import { collectErrors } from './support/collectErrors'
import { expectAccessibleInBothThemes } from './support/expectAccessible'
import { startFakeOllamaWithChat, type FakeOllamaWithChat } from './support/fakeOllamaWithChat'
import { startFakeOpenAi } from './support/fakeOpenAiServer'
import { openApp } from './support/openApp'
import { pointSeededOllama } from './support/pointSeededOllama'
import { SettingsPage } from './pages/SettingsPage'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

/** Requests the fake Ollama got, any path (its model host fake records every one). */
const requestsTo = (fake: FakeOllamaWithChat) => fake.ollama.authorization.length

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await page.screenshot({ path: `e2e/output/screens/${name}-${width}-${colorScheme}.png` })
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.emulateMedia({ colorScheme: 'light' })
}

// Bug 3: Settings showed the seeded Ollama (http://localhost:11434, which the person never set up) in
// red, and the in-browser API threw an uncaught GeneratorError for every unreachable server.
test('bug 3: a fresh install’s Settings contacts no model server, shows no error, and throws none', async ({
  page,
}) => {
  const errors = collectErrors(page)
  await openApp(page, '/settings')
  const settings = new SettingsPage(page)
  await expect(settings.heading).toBeVisible()
  await expect(settings.generator).toHaveValue('extractive')
  // Long enough for a probe of the seeded server to fail, as it did on every visit.
  await page.waitForTimeout(3000)
  await expect(page.locator('.field-error')).toHaveCount(0)
  expect(errors).toEqual([])

  // Asked, the unreachable seeded server is named with the reason, and still nothing is thrown.
  await page.getByRole('button', { name: 'List models' }).click()
  await expect(page.getByRole('list', { name: 'Servers that did not answer' })).toContainText('Ollama')
  await page.waitForTimeout(1000)
  expect(errors).toEqual([])
})

test('bug 3: the seeded Ollama is asked for its models only after the person lists them', async ({
  page,
}) => {
  const errors = collectErrors(page)
  await openApp(page, '/settings')
  const origin = new URL(page.url()).origin
  const fake = await startFakeOllamaWithChat({ cors: [origin], reply: () => 'Hello.' })
  try {
    fake.ollama.installed.add('llama3.2:1b')
    await pointSeededOllama(page, fake.url)
    await page.reload()
    const settings = new SettingsPage(page)
    await expect(settings.heading).toBeVisible({ timeout: scaledTimeout(45_000) })
    await page.waitForTimeout(2000)
    expect(requestsTo(fake)).toBe(0)

    await page.getByRole('button', { name: 'List models' }).click()
    await expect(settings.generator.locator('option', { hasText: 'llama3.2:1b' })).toBeAttached()
    expect(requestsTo(fake)).toBeGreaterThan(0)
    // The consent is remembered: the next visit lists at once.
    const before = requestsTo(fake)
    await page.reload()
    await expect(settings.generator.locator('option', { hasText: 'llama3.2:1b' })).toBeAttached({
      timeout: scaledTimeout(45_000),
    })
    expect(requestsTo(fake)).toBeGreaterThan(before)
    expect(errors).toEqual([])
  } finally {
    await fake.close()
  }
})

test('a model name can be typed when the server cannot list its models', async ({ page }) => {
  await openApp(page, '/settings')
  const settings = new SettingsPage(page)
  await expect(settings.heading).toBeVisible()
  await page.getByText('Type a model name').click()
  await page
    .getByLabel('Server', { exact: true })
    .selectOption({ label: 'Ollama: New Server (http://localhost:11434)' })
  await page.getByLabel('Model name').fill('llama3.2')
  await page.getByRole('button', { name: 'Use this model' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Answers now come from llama3.2' })).toBeVisible()
  const stored = await page.evaluate(async () => (await fetch('/api/settings')).json())
  expect(stored.generator).toMatchObject({ kind: 'provider', provider: 'ollama', model: 'llama3.2' })
  await expect(settings.generator.locator('option:checked')).toContainText('llama3.2')
})

// Bug 4: WebLLM could be chosen without WebGPU, and the setting silently stayed extractive. Headless
// Chromium has no WebGPU (as webllm-no-webgpu.spec relies on).
test('bug 4: without WebGPU, WebLLM cannot be chosen, and the reason is shown', async ({ page }) => {
  await openApp(page, '/settings')
  const settings = new SettingsPage(page)
  await expect(settings.heading).toBeVisible()
  const option = settings.generator.locator('option[value="webllm"]')
  await expect(option).toBeDisabled()
  await expect(option).toHaveText(/not available in this browser/)
  await expect(page.locator('#webllm-unavailable')).toContainText('WebGPU')

  await page.goto('/collections?onboarding=1')
  const dialog = page.getByRole('dialog', { name: 'Welcome to Quire' })
  await expect(dialog.getByRole('radio', { name: 'WebLLM: a model in this browser' })).toBeDisabled()
  await expect(dialog.locator('#first-run-webllm-reason')).toContainText('WebGPU')
})

test('first run: add documents, how answers are written, Ollama tested only on request, a provider key tested, and Close remembered', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  const errors = collectErrors(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await openApp(page, '/collections?onboarding=1')
  const origin = new URL(page.url()).origin
  const ollama = await startFakeOllamaWithChat({ cors: [origin], reply: () => 'Hello.' })
  const provider = await startFakeOpenAi(['Hi'], 10, ['gpt-first-run'])
  try {
    ollama.ollama.installed.add('llama3.2:1b')
    const dialog = page.getByRole('dialog', { name: 'Welcome to Quire' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Add documents' })).toBeVisible()
    const extractive = dialog.getByRole('radio', { name: /Quoted sentences \(extractive/ })
    await expect(extractive).toBeChecked()
    await expect(dialog).toContainText('answers get better with a language model')
    await screenshots(page, 'first-run')
    await expectAccessibleInBothThemes(page, 'first run')

    // Ollama: nothing is contacted until the person tests the address.
    await dialog.getByRole('radio', { name: 'Ollama on this computer' }).check()
    await dialog.getByLabel('Ollama address').fill(ollama.url)
    await page.waitForTimeout(1000)
    expect(requestsTo(ollama)).toBe(0)
    await dialog.getByRole('button', { name: 'Test connection to Ollama' }).click()
    await expect(dialog.getByText('Connected: 1 model')).toBeVisible()
    expect(requestsTo(ollama)).toBeGreaterThan(0)
    await expect(dialog.getByLabel('Model', { exact: true })).toHaveValue('llama3.2:1b')
    await dialog.getByRole('button', { name: 'Use this model' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Answers now come from Ollama llama3.2:1b' }),
    ).toBeVisible()
    let stored = await page.evaluate(async () => (await fetch('/api/settings')).json())
    expect(stored.generator).toMatchObject({ kind: 'ollama', model: 'llama3.2:1b' })
    await screenshots(page, 'first-run-ollama')

    // A provider key: a dead address fails with the reason; the real one lists its models.
    await dialog.getByRole('radio', { name: /A provider key/ }).check()
    await dialog.getByLabel('Provider address').fill('http://127.0.0.1:9/v1')
    await dialog.getByLabel('API key').fill('sk-first-run-5678')
    await dialog.getByRole('button', { name: 'Test connection to Provider' }).click()
    await expect(dialog.getByText(/^Failed: .*127\.0\.0\.1:9/)).toBeVisible({
      timeout: scaledTimeout(30_000),
    })
    await dialog.getByLabel('Provider address').fill(provider.url)
    await dialog.getByRole('button', { name: 'Test connection to Provider' }).click()
    await expect(dialog.getByText('Connected: 1 model')).toBeVisible()
    await dialog.getByRole('button', { name: 'Use this model' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Answers now come from Provider gpt-first-run' }),
    ).toBeVisible()
    stored = await page.evaluate(async () => (await fetch('/api/settings')).json())
    expect(stored.generator).toMatchObject({ kind: 'openai', model: 'gpt-first-run', has_api_key: true })
    expect(JSON.stringify(stored)).not.toContain('sk-first-run-5678')

    // Dismissed, it stays dismissed across a reload, even one that asks for it.
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible({
      timeout: scaledTimeout(45_000),
    })
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(errors).toEqual([])
  } finally {
    await ollama.close()
    await provider.close()
  }
})

test('first run: "Add documents" goes to the collections and closes the panel for good', async ({ page }) => {
  await openApp(page, '/settings?onboarding=1')
  const dialog = page.getByRole('dialog', { name: 'Welcome to Quire' })
  await dialog.getByRole('link', { name: 'Add documents' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('quire.onboarded'))).not.toBeNull()
})

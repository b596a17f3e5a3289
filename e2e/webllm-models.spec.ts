import { expect, test } from './support/test'
import config from '../playwright.config'
import { SettingsPage } from './pages/SettingsPage'
import { WEBLLM_MODEL } from './support/askWithWebLlm'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const base = config.use?.launchOptions ?? {}
// Headless Chromium offers WebGPU (a SwiftShader adapter) only with this flag.
test.use({ launchOptions: { ...base, args: [...(base.args ?? []), '--enable-unsafe-webgpu'] } })

test('settings: with WebGPU, the WebLLM picker lists models with their size and starts a download', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  await openApp(page)
  const sized = await page.evaluate(async () => (await fetch('/api/settings/webllm-models')).json())
  expect(sized).toContainEqual(
    expect.objectContaining({ id: expect.any(String), vram_mb: expect.any(Number) }),
  )

  const settings = new SettingsPage(page)
  await settings.open()
  await settings.generator.selectOption('webllm')
  await expect(settings.webLlmModel).toBeVisible({ timeout: scaledTimeout(60_000) })
  const option = settings.webLlmModel.locator('option', { hasText: WEBLLM_MODEL })
  await expect(option).toHaveText(/about \d+\.\d GB of GPU memory/)
  await settings.webLlmModel.selectOption(WEBLLM_MODEL)

  // Download now saves the choice and starts loading; the weights cannot be fetched here, so the
  // progress line ends saying the download failed, rather than hanging.
  await page.getByRole('button', { name: 'Download now' }).click()
  await expect(page.getByRole('progressbar', { name: 'Model download' })).toBeVisible()
  await expect(page.locator('.webllm-progress')).toContainText('The download failed', {
    timeout: scaledTimeout(60_000),
  })
  const stored = await page.evaluate(async () => (await fetch('/api/settings')).json())
  expect(stored.generator).toEqual({ kind: 'webllm', model: WEBLLM_MODEL })
})

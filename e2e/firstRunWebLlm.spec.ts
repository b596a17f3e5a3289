import { expect, test } from './support/test'
import config from '../playwright.config'
import { WEBLLM_MODEL } from './support/askWithWebLlm'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const base = config.use?.launchOptions ?? {}
// Headless Chromium offers WebGPU (a SwiftShader adapter) only with this flag.
test.use({ launchOptions: { ...base, args: [...(base.args ?? []), '--enable-unsafe-webgpu'] } })

test('first run with WebGPU: WebLLM can be chosen, and its download shows its progress', async ({ page }) => {
  test.setTimeout(scaledTimeout(120_000))
  await openApp(page, '/collections?onboarding=1')
  const dialog = page.getByRole('dialog', { name: 'Welcome to Quire' })
  const webLlm = dialog.getByRole('radio', { name: 'WebLLM: a model in this browser' })
  await expect(webLlm).toBeEnabled({ timeout: scaledTimeout(30_000) })
  await expect(dialog.locator('#first-run-webllm-reason')).toHaveCount(0)
  await webLlm.check()
  const model = dialog.getByLabel('WebLLM model')
  await expect(model).toBeVisible({ timeout: scaledTimeout(60_000) })
  await model.selectOption(WEBLLM_MODEL)
  await expect(
    page.getByRole('status').filter({ hasText: `Answers now come from WebLLM ${WEBLLM_MODEL}` }),
  ).toBeVisible()

  // The weights cannot be fetched here: the progress bar shows, then says the download failed.
  await dialog.getByRole('button', { name: 'Download now' }).click()
  await expect(dialog.getByRole('progressbar', { name: 'Model download' })).toBeVisible()
  await expect(dialog.locator('.webllm-progress')).toContainText('The download failed', {
    timeout: scaledTimeout(60_000),
  })
  await expectAccessible(page, 'first run, WebLLM chosen')
  const stored = await page.evaluate(async () => (await fetch('/api/settings')).json())
  expect(stored.generator).toEqual({ kind: 'webllm', model: WEBLLM_MODEL })
})

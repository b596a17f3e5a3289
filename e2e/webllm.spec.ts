import { expect, test } from './support/test'
import config from '../playwright.config'
import { askWithWebLlm, WEBLLM_MODEL } from './support/askWithWebLlm'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const base = config.use?.launchOptions ?? {}
// Headless Chromium offers WebGPU (a SwiftShader adapter) only with this flag.
test.use({ launchOptions: { ...base, args: [...(base.args ?? []), '--enable-unsafe-webgpu'] } })

// The model's weights cannot be downloaded here: what can be checked is that its worker starts, the
// library loads from the app's own build, the model list comes back, and a failed download is an
// answer that says so, not a hang.
test('its worker starts and a model that cannot be downloaded fails with a clear error', async ({ page }) => {
  test.setTimeout(scaledTimeout(120_000))
  await openApp(page)
  const { tested, reply } = await askWithWebLlm(page)
  expect(tested.ok).toBe(true)
  expect(tested.models).toContain(WEBLLM_MODEL)
  expect(reply.status).toBe(502)
  expect(reply.body.detail).toMatch(new RegExp(`WebLLM could not load ${WEBLLM_MODEL.replace(/\./g, '\\.')}`))
})

import { mkdirSync } from 'node:fs'
import config, { SYNC_PORT } from '../playwright.config'
import { SUGGESTED_WEBLLM_MODEL } from '../web/app/settings/webLlmOffer'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'
import { ChatPage } from './pages/ChatPage'
import { expectAccessible } from './support/expectAccessible'
import { openApp, untilServiceWorker } from './support/openApp'
import { expect, test } from './support/test'

const base = config.use?.launchOptions ?? {}
// Headless Chromium offers WebGPU (a SwiftShader adapter) only with this flag.
test.use({ launchOptions: { ...base, args: [...(base.args ?? []), '--enable-unsafe-webgpu'] } })

const SHOTS = '/tmp/say-shots'

// Issue 70, item 1: where WebGPU is, the first chat screen offers a model in the browser (WebLLM) with the
// most its download can be; choosing it saves it and starts the download, whose progress shows there.
for (const [host, size] of [
  ['static', { label: '1440', width: 1440, height: 900 }],
  ['server', { label: '390', width: 390, height: 844 }],
] as const) {
  test(`with WebGPU, on the ${host} origin at ${size.width}×${size.height}: WebLLM is offered with its download size, and chosen, downloads`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(scaledTimeout(120_000))
    mkdirSync(SHOTS, { recursive: true })
    const origin = host === 'server' ? `http://127.0.0.1:${SYNC_PORT}` : (baseURL ?? '')
    await page.setViewportSize({ width: size.width, height: size.height })
    await openApp(page, `${origin}/collections`)
    await untilServiceWorker(page)
    await page.goto(`${origin}/chat`)
    const chat = new ChatPage(page)
    await expect(chat.title('New chat')).toBeVisible()
    const offer = page.getByRole('region', { name: 'Answers are quoted from your documents' })
    const picker = offer.getByLabel('A model in this browser (WebLLM)')
    await expect(picker).toBeVisible({ timeout: scaledTimeout(30_000) })
    // The suggested model first, chosen, with the most its download can be.
    await expect(picker).toHaveValue(SUGGESTED_WEBLLM_MODEL)
    await expect(picker.locator('option').first()).toHaveText(
      new RegExp(`^${SUGGESTED_WEBLLM_MODEL} \\(download at most about \\d+ MB\\)$`),
    )
    // Said under the picker as well, where a phone cuts the option's text short.
    await expect(offer).toContainText(/Download: at most about \d+ MB, once;/)
    await page.screenshot({ path: `${SHOTS}/webgpu-${host}-${size.label}-1-offer.png` })
    await expectAccessible(page, 'chat, first-use offer with WebLLM')

    await offer.getByRole('button', { name: 'Download and use' }).click()
    const chosen = page.getByRole('region', {
      name: `Answers now come from WebLLM ${SUGGESTED_WEBLLM_MODEL}`,
    })
    await expect(chosen).toBeVisible()
    expect(await page.evaluate(async () => (await (await fetch('/api/settings')).json()).generator)).toEqual({
      kind: 'webllm',
      model: SUGGESTED_WEBLLM_MODEL,
    })
    // The weights cannot be fetched here: the progress shows, then says the download failed.
    await expect(chosen.getByRole('progressbar', { name: 'Model download' })).toBeVisible({
      timeout: scaledTimeout(30_000),
    })
    await expect(chosen.locator('.webllm-progress')).toContainText('The download failed', {
      timeout: scaledTimeout(60_000),
    })
    await page.screenshot({ path: `${SHOTS}/webgpu-${host}-${size.label}-2-download.png` })
  })
}

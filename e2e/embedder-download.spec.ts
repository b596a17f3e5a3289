import { expect, test } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { SettingsPage } from './pages/SettingsPage'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const server = `http://127.0.0.1:${SYNC_PORT}`

// The sync server serves the generated tiny model from its MODELS_DIR at /models/: "Download now" saves
// the choice and loads it in the browser's API worker, with progress polled until it is ready.
test('Download now fetches the chosen model embedder and shows its progress until ready', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  await openApp(page, `${server}/`)
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.chooseModelEmbedder('quire-tiny-embedder')
  await settings.downloadEmbedderNow()

  await expect(settings.embedderDownloadStatus).toHaveText('Ready', { timeout: scaledTimeout(90_000) })
  await expect(settings.embedderDownload).toHaveAttribute('aria-valuetext', '100%')
  await expect(settings.embedderDownloadError).toHaveCount(0)
  const stored = await page.evaluate(async () => (await fetch('/api/settings')).json())
  expect(stored.embedder).toEqual({ id: 'quire-tiny-embedder' })
  const status = await page.evaluate(async () => (await fetch('/api/settings/embedder-status')).json())
  expect(status).toEqual({
    embedder: 'quire-tiny-embedder',
    progress: { progress: 1, text: 'Ready' },
    error: null,
  })
})

// A model this origin does not host comes from the Hugging Face hub, which a test machine cannot reach
// (or which has no such model): the load fails and Settings says why.
test('a model that cannot be fetched shows why the download failed', async ({ page }) => {
  test.setTimeout(scaledTimeout(120_000))
  await openApp(page, `${server}/`)
  const settings = new SettingsPage(page)
  await settings.open()
  await settings.chooseModelEmbedder('quire-tests/no-such-embedder')
  await settings.downloadEmbedderNow()

  await expect(settings.embedderDownloadError).toContainText('The download failed:', {
    timeout: scaledTimeout(90_000),
  })
  await expect(settings.embedderDownloadStatus).toHaveCount(0)
})

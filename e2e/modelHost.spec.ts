import { expect, test } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { startFakeOllama, type FakeOllama } from '../sync-server/test/modelhostFakeOllama'
import { ModelHostSection } from './pages/ModelHostSection'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Issue 18, item 3, in the browser on the sync server's origin (the deployment people run): Settings'
// "Local models (Ollama)" installs from a fake Ollama the test starts. The in-browser API reaches it
// from the API worker, so the fake allows this origin (OLLAMA_ORIGINS); a second fake that allows no
// origin shows the person how to allow it.

const server = `http://127.0.0.1:${SYNC_PORT}`
let ollama: FakeOllama
let closed: FakeOllama

test.beforeAll(async () => {
  ollama = await startFakeOllama({ cors: [server] })
  closed = await startFakeOllama()
  ollama.installed.add('present:7b')
  // Five MB over three layers, ten pieces each, slow enough to watch the bar move.
  ollama.pulls.set('tiny:1b', { layers: [3_000_000, 1_000_000, 1_000_000], steps: 10, delayMs: 60 })
  ollama.pulls.set('slow:1b', { layers: [8_000_000], steps: 10, delayMs: 60, stallAfter: 3 })
})

test.afterAll(async () => {
  await ollama?.close()
  await closed?.close()
})

test('Settings → a model installed from Ollama with a progress bar, listed when done; a slow one cancelled', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(90_000))
  await openApp(page, `${server}/settings`)
  const section = new ModelHostSection(page)

  // An Ollama that does not allow this page: the answer says how to allow it.
  await section.connect(closed.url)
  await expect(section.connection).toContainText(`OLLAMA_ORIGINS=${server} ollama serve`)

  await section.connect(ollama.url)
  await expect(section.connection).toHaveText('Connected to Ollama 0.5.7-fake.')
  await expect(section.models).toHaveCount(1)
  await expect(section.models.first()).toContainText('present:7b')
  await expectAccessible(page, 'Settings with local models listed')

  await section.install('tiny:1b')
  const bar = section.progress('tiny:1b')
  await expect(bar).toBeVisible()
  // The bar advances: part way first (the layers' bytes summed), then the install ends.
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: scaledTimeout(15_000) })
    .toBeGreaterThan(0)
  await expect(
    section.region.getByRole('status').filter({ hasText: /tiny:1b: downloading, \d+%/ }),
  ).toBeVisible()
  await section.expectOutcome('tiny:1b is installed.')
  await expect(section.models.filter({ hasText: 'tiny:1b' })).toHaveCount(1)
  expect(ollama.pullRequests).toEqual(['tiny:1b'])

  await section.install('slow:1b')
  const slow = section.progress('slow:1b')
  await expect
    .poll(async () => Number(await slow.getAttribute('value')), { timeout: scaledTimeout(15_000) })
    .toBe(30)
  await expectAccessible(page, 'Settings with an install in progress')
  await section.cancel('slow:1b')
  await section.expectOutcome('The install of slow:1b was cancelled.')
  await expect.poll(() => ollama.closedPulls).toEqual(['slow:1b'])
  await expect(section.models.filter({ hasText: 'slow:1b' })).toHaveCount(0)

  // Delete asks first; confirmed, the model leaves the server and the list.
  await section.region.getByRole('button', { name: 'Delete present:7b' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete present:7b?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(dialog).toBeHidden()
  await expect(section.models.filter({ hasText: 'present:7b' })).toHaveCount(0)
  expect(ollama.installed.has('present:7b')).toBe(false)
})

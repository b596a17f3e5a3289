import { expect, test, type Page } from './support/test'
import { testPluginFiles, zipOf } from '../web/core/api/platform/plugins/installTestPackages'
import { openApp } from './support/openApp'
import { deployments, newPerson, syncServer } from './support/syncDevices'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

/**
 * A plugin with only `storage.read` whose package holds an HTML page and an SVG that, opened as a
 * page of the app's origin, would take over the account: mark the app's storage, read the person's
 * profile and mint a personal access token with their cookie.
 */
const TAKEOVER = `
  localStorage.setItem('quire-plugin-pwned', location.href);
  fetch('/api/v1/auth/me').then(function (r) { return r.text() }).then(function (me) {
    localStorage.setItem('quire-plugin-me', me);
    return fetch('/api/v1/auth/tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"stolen"}' })
  }).then(function (r) { return r.text() }).then(function (token) { localStorage.setItem('quire-plugin-token', token) })`
const SLUG = 'QuireFileLinks'
const PACKAGE = zipOf({
  ...testPluginFiles({ slug: SLUG }),
  'x.html': `<!doctype html><title>plugin page</title><script>${TAKEOVER}</script>`,
  'x.svg': `<svg xmlns="http://www.w3.org/2000/svg"><script>${TAKEOVER}</script></svg>`,
})

/** What a script on the app's origin would have left behind. */
const marks = (page: Page) =>
  page.evaluate(() =>
    ['quire-plugin-pwned', 'quire-plugin-me', 'quire-plugin-token'].map((key) => localStorage.getItem(key)),
  )

/** Puts a link to the plugin's file into the app's page and clicks it, as a person would. */
async function clickLinkTo(page: Page, path: string): Promise<void> {
  await page.evaluate((href) => {
    const link = document.createElement('a')
    link.href = href
    link.textContent = `open ${href}`
    link.id = 'plugin-file-link'
    document.body.prepend(link)
  }, `/plugins/${SLUG}/1.0.0/${path}`)
  await page.locator('#plugin-file-link').click()
}

test('on the sync server, a plugin’s HTML and SVG open from a link as downloads: no script runs on the app’s origin', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: syncServer, acceptDownloads: true })
  const page = await context.newPage()
  // Signed in with the server's cookie, the person's plugin installed on the server.
  const person = newPerson()
  expect((await page.request.post('/api/v1/auth/register', { data: person })).status()).toBe(201)
  expect((await page.request.post('/api/v1/auth/login', { data: person })).status()).toBe(204)
  const install = await page.request.post('/api/v1/plugins/install', {
    multipart: {
      method: 'upload',
      file: { name: 'links.zip', mimeType: 'application/zip', buffer: Buffer.from(PACKAGE) },
    },
  })
  expect(install.status(), await install.text()).toBeLessThan(300)
  await expect
    .poll(async () => (await page.request.get(`/api/v1/plugins/by-slug/${SLUG}`)).status())
    .toBe(200)

  await openApp(page)
  for (const path of ['x.html', 'x.svg']) {
    const download = page.waitForEvent('download', { timeout: scaledTimeout(10_000) }).catch(() => null)
    await clickLinkTo(page, path)
    const downloaded = await download
    // Had the file opened as a page, its script would have marked the app's storage by now.
    await page.goto('/')
    expect(await marks(page), path).toEqual([null, null, null])
    expect(downloaded?.suggestedFilename(), `${path} downloaded`).toBe(path)
  }
  // No token was minted with the person's cookie.
  const tokens = await page.request.get('/api/v1/auth/tokens')
  expect(await tokens.text()).not.toContain('stolen')
  await context.close()
})

for (const { name, appOrigin } of deployments) {
  test(`in the browser (${name}), a link to a plugin’s HTML or SVG runs none of its script on the app’s origin`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: appOrigin, acceptDownloads: true })
    const page = await context.newPage()
    await openApp(page)
    // Installed into the in-browser API, whose service worker serves the files to the page's fetches.
    const headers = await page.evaluate(
      async ({ bytes, slug }) => {
        const form = new FormData()
        form.set('method', 'upload')
        form.set('file', new File([new Uint8Array(bytes)], 'links.zip', { type: 'application/zip' }))
        const installed = await fetch('/api/v1/plugins/install', { method: 'POST', body: form })
        if (!installed.ok) throw new Error(`install: ${installed.status} ${await installed.text()}`)
        const file = await fetch(`/plugins/${slug}/1.0.0/x.html`)
        return Object.fromEntries(file.headers)
      },
      { bytes: [...PACKAGE], slug: SLUG },
    )
    expect(headers).toMatchObject({
      'content-security-policy': "sandbox; default-src 'none'",
      'x-content-type-options': 'nosniff',
      'x-quire-host': 'browser',
    })
    expect(headers['content-disposition']).toMatch(/^attachment/)

    for (const path of ['x.html', 'x.svg']) {
      // Not signed in: the server (or the static host) answers the navigation, never with the file.
      await clickLinkTo(page, path)
      await page.waitForLoadState()
      await page.goto('/')
      expect(await marks(page), path).toEqual([null, null, null])
    }
    await context.close()
  })
}

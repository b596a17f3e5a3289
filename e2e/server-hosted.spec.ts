import { expect, test } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const server = `http://127.0.0.1:${SYNC_PORT}`

// The sync server serves the same build: it must be an installable PWA from there too, with cache
// headers that let new versions through.
test('the sync server serves an installable PWA with the right cache headers', async ({ page, request }) => {
  const manifestResponse = await request.get(`${server}/manifest.webmanifest`)
  expect(manifestResponse.ok()).toBe(true)
  expect(manifestResponse.headers()['cache-control']).toBe('no-cache')
  const manifest = (await manifestResponse.json()) as {
    icons: Array<{ src: string; sizes: string; purpose?: string }>
  }
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size)
    expect(icon, `icon ${size}`).toBeTruthy()
    const image = await request.get(server + icon!.src)
    expect(image.headers()['content-type']).toBe('image/png')
  }
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true)

  const sw = await request.get(`${server}/sw.js`)
  expect(sw.ok()).toBe(true)
  expect(sw.headers()['cache-control']).toBe('no-cache')

  await page.goto(server + '/')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: scaledTimeout(30_000),
  })
  const scripts = await page.evaluate(() =>
    [...document.querySelectorAll('script[src]')].map((s) => (s as HTMLScriptElement).src),
  )
  const hashed = scripts.find((src) => src.includes('/assets/'))
  expect(hashed).toBeTruthy()
  const asset = await request.get(hashed!)
  expect(asset.headers()['cache-control']).toContain('immutable')
  const html = await request.get(`${server}/collections`, { headers: { accept: 'text/html' } })
  expect(html.headers()['content-type']).toContain('text/html')
  expect(html.headers()['cache-control']).toBe('no-cache')
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible()

  // Chromium's own verdict on installability (manifest, icons, service worker). Test contexts are
  // incognito-like, which alone blocks installing; that says nothing about the app.
  const cdp = await page.context().newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([])
})

// On the server's /docs the explorer can talk to either host: the browser's own API, or (past the
// service worker) the sync server, with a personal access token. Each has its own data, which tells
// them apart.
test('the API explorer sends requests to the browser or to the server', async ({ page, request }) => {
  const email = `explorer-${Date.now()}@example.com`
  const account = { username: `explorer_${Date.now()}`, email, password: 'explorer password' }
  expect((await request.post(`${server}/api/v1/auth/register`, { data: account })).status()).toBe(201)
  const { access_token } = (await (
    await request.post(`${server}/api/v1/auth/login?include_tokens=true`, {
      data: { email, password: account.password },
    })
  ).json()) as { access_token: string }
  const { token } = (await (
    await request.post(`${server}/api/v1/auth/tokens`, {
      data: { name: 'explorer' },
      headers: { authorization: `Bearer ${access_token}` },
    })
  ).json()) as { token: string }
  const onServer = await request.post(`${server}/api/collections/`, {
    data: { name: 'Kept on the server', description: 'Created by a script' },
    headers: { authorization: `Bearer ${token}` },
  })
  expect(onServer.status()).toBe(201)
  await page.goto(`${server}/docs`)
  // The app renders once its in-browser API is up; from then on the page's /api requests stay local.
  await expect(page.getByRole('heading', { name: 'API explorer', level: 1 })).toBeVisible()
  await page.evaluate(() =>
    fetch('/api/collections/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept in the browser', description: 'Created offline' }),
    }),
  )
  await page.getByRole('searchbox', { name: 'Search operations' }).fill('List collections, newest first')
  const list = page
    .locator('details.operation', { hasText: 'List collections, newest first' })
    .filter({ hasNotText: 'BrainDrive-compat alias' })
  await list.locator(':scope > summary').click()
  const responseBody = list.getByRole('group', { name: 'Response body' })

  await list.getByRole('button', { name: 'Send' }).click()
  await expect(responseBody).toContainText('Kept in the browser')
  await expect(responseBody).not.toContainText('Kept on the server')

  await page.getByRole('radio', { name: /The server at/ }).check()
  await list.getByRole('button', { name: 'Send' }).click()
  // Without credentials the server refuses; with the token it answers the account's own data.
  await expect(responseBody).toContainText('Not authenticated')
  await page.getByLabel('Token for the server (optional)').fill(token)
  await list.getByRole('button', { name: 'Send' }).click()
  await expect(responseBody).toContainText('Kept on the server')
  await expect(responseBody).not.toContainText('Kept in the browser')
})

// Multipart endpoints can be tried too: a file picker per file part, a text box per form field.
test('the API explorer uploads a document through a multipart form', async ({ page }) => {
  await page.goto(`${server}/docs`)
  await expect(page.getByRole('heading', { name: 'API explorer', level: 1 })).toBeVisible()
  const collection = await page.evaluate(async () => {
    const response = await fetch('/api/collections/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Explorer uploads', description: 'Tried from /docs' }),
    })
    return ((await response.json()) as { id: string }).id
  })
  await page.getByRole('searchbox', { name: 'Search operations' }).fill('Upload a document into a collection')
  const upload = page
    .locator('details.operation', { hasText: 'Upload a document into a collection' })
    .filter({ hasNotText: 'BrainDrive-compat alias' })
  await upload.locator(':scope > summary').click()
  await upload.getByLabel('collection_id').fill(collection)
  await upload.getByLabel('file', { exact: false }).setInputFiles({
    name: 'notes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Notes\n\nUploaded from the API explorer.\n'),
  })
  await upload.getByRole('button', { name: 'Send' }).click()
  const responseBody = upload.getByRole('group', { name: 'Response body' })
  await expect(responseBody).toContainText('"status": "processing"')
  await expect(responseBody).toContainText('"original_filename": "notes.md"')
})

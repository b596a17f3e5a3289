import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test, type Page } from './support/test'
import { unzipSync } from 'fflate'
import { STATIC_PORT, SYNC_PORT } from '../playwright.config'
import { buildSamplePlugins, DEFAULT_OUT_DIR } from '../scripts/buildSamplePlugins.mjs'
import { AccountPage } from './pages/AccountPage'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { PluginManagerPage } from './pages/PluginManagerPage'
import { startQuireServer, type QuireServer } from './support/startQuireServer'
import { api, newPerson, openDevice } from './support/syncDevices'
import { goOffline } from './support/goOffline'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// A plugin installed on one device of an account reaches its other device by sync, files and all, and
// renders there: one installed in the browser from the server's marketplace (the in-browser API stores
// it, sync pushes it), one installed on the server from a URL (the server downloads it from a fake
// GitHub release, sync brings it down). Our own server, since it must reach that fake on 127.0.0.1.
const port = Number(process.env.E2E_PLUGIN_SYNC_PORT ?? SYNC_PORT + 3)
const REPO = 'https://github.com/quire-e2e/quire-notes'

interface FakeRelease {
  url: string
  /** Every path asked for, in order: proof the server (not the browser) downloaded the release. */
  requests: string[]
  close(): Promise<void>
}

/** A GitHub-like API and download host: the latest release of quire-e2e/quire-notes, its .zip asset. */
async function startFakeRelease(zip: Uint8Array): Promise<FakeRelease> {
  const requests: string[] = []
  let base = ''
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '')
    response.setHeader('Access-Control-Allow-Origin', '*')
    if (request.url === '/repos/quire-e2e/quire-notes/releases/latest') {
      response.writeHead(200, { 'content-type': 'application/json' })
      return response.end(
        JSON.stringify({
          tag_name: 'v1.0.0',
          assets: [
            { name: 'checksums.txt', browser_download_url: `${base}/download/checksums.txt` },
            { name: 'QuireNotes-1.0.0.zip', browser_download_url: `${base}/download/QuireNotes-1.0.0.zip` },
          ],
        }),
      )
    }
    if (request.url === '/download/QuireNotes-1.0.0.zip') {
      response.writeHead(200, { 'content-type': 'application/zip' })
      return response.end(Buffer.from(zip))
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let release: FakeRelease
let server: QuireServer
const zips: Record<string, Uint8Array> = {}

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  // The server's built-in marketplace is dist-plugins/ (read when asked), so the samples are built there.
  await buildSamplePlugins()
  for (const slug of ['QuireNotes', 'QuireCollections']) {
    zips[slug] = new Uint8Array(await readFile(path.join(DEFAULT_OUT_DIR, `${slug}-1.0.0.zip`)))
  }
  release = await startFakeRelease(zips.QuireNotes!)
  server = await startQuireServer(port, {
    HOST: '127.0.0.1',
    // The fake is on this machine: a private address the outbound policy refuses unless allowed.
    OUTBOUND_ALLOW: new URL(release.url).host,
    GITHUB_API_URL: release.url,
    RATE_LIMIT_REGISTER: '0',
    RATE_LIMIT_LOGIN: '0',
  })
})

test.afterAll(async () => {
  await server?.stop()
  server?.remove()
  await release?.close()
})

type Manifest = Record<
  string,
  { database_id: string; version: string; bundle_url: string; files: Record<string, string> }
>

/** The account's plugins as the server holds them, asked over HTTP with the account's token. */
async function serverManifest(token: string): Promise<Manifest> {
  const response = await fetch(`${server.origin}/api/v1/plugins/manifest`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(response.status).toBe(200)
  return (await response.json()) as Manifest
}

/** Every file of the plugin's package, as the server serves it, is the archive's file. */
async function expectFilesOnServer(token: string, entry: Manifest[string], zip: Uint8Array) {
  const archive = unzipSync(zip)
  const names = Object.keys(entry.files)
  expect(names).toContain('dist/remoteEntry.js')
  for (const name of names) {
    const response = await fetch(`${server.origin}/plugins/${entry.database_id}/${entry.version}/${name}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status, name).toBe(200)
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(archive[name]!)), name).toBe(true)
  }
}

const deviceManifest = (page: Page) => api<Manifest>(page, '/api/v1/plugins/manifest')

const deployments = [
  { name: 'app and server on two origins', appOrigin: `http://127.0.0.1:${STATIC_PORT}` },
  { name: 'app served by the sync server', appOrigin: undefined },
] as const

for (const { name: deployment, appOrigin } of deployments) {
  test(`${deployment}: plugins installed from the marketplace in the browser and from a URL on the server reach a second device, render there and offline`, async ({
    browser,
  }) => {
    test.setTimeout(scaledTimeout(120_000))
    const person = newPerson()
    const origin = appOrigin ?? server.origin
    const laptop = await openDevice(browser, origin)
    const laptopAccount = new AccountPage(laptop)
    await laptopAccount.open()
    await laptopAccount.signUp({ server: server.origin, ...person, fullName: 'Ada Plugins' })
    await expect(laptopAccount.signedInAs('Ada Plugins')).toBeVisible()
    await api(laptop, '/api/collections/', {
      method: 'POST',
      json: { name: 'Synced shelf', description: 'Made on the laptop' },
    })
    if (appOrigin) {
      // The browser's marketplace is its own origin's /plugin-catalog/ unless set: here, the server's.
      await new PluginManagerPage(laptop).useCatalog(`${server.origin}/plugin-catalog/catalog.json`)
    }

    // 1. The laptop installs Quire Collections from the marketplace, in its plugin manager.
    const manager = new PluginManagerPage(laptop)
    await manager.open()
    await manager.tab('Marketplace').click()
    await laptop.getByRole('button', { name: 'Install Quire Collections' }).click()
    await manager
      .installDialog('Quire Collections')
      .getByRole('button', { name: 'Install', exact: true })
      .click()
    await expect(laptop.getByText('Quire Collections 1.0.0 installed')).toBeVisible()

    // Sync pushes the record and its files: the server has both, for this account.
    const login = await fetch(`${server.origin}/api/v1/auth/login?include_tokens=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: person.password }),
    })
    const { access_token: token } = (await login.json()) as { access_token: string }
    await expect
      .poll(async () => Object.keys(await serverManifest(token)), { timeout: scaledTimeout(30_000) })
      .toEqual(['QuireCollections'])
    const collections = (await serverManifest(token)).QuireCollections!
    expect(collections.database_id).toBe((await deviceManifest(laptop)).QuireCollections?.database_id)
    await expectFilesOnServer(token, collections, zips.QuireCollections!)

    // 2. Quire Notes is installed on the server from a repository URL: the server asks the (fake) GitHub
    // API for the latest release and downloads its archive asset.
    release.requests.length = 0
    const form = new FormData()
    form.set('method', 'url')
    form.set('repo_url', REPO)
    const installed = await fetch(`${server.origin}/api/v1/plugins/install`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    const answer = (await installed.json()) as { data: Record<string, unknown> }
    expect(installed.status, JSON.stringify(answer)).toBe(200)
    expect(answer.data).toMatchObject({
      plugin_slug: 'QuireNotes',
      source: 'url',
      archive_url: `${release.url}/download/QuireNotes-1.0.0.zip`,
    })
    expect(release.requests).toEqual([
      '/repos/quire-e2e/quire-notes/releases/latest',
      '/download/QuireNotes-1.0.0.zip',
    ])
    const notes = (await serverManifest(token)).QuireNotes!
    await expectFilesOnServer(token, notes, zips.QuireNotes!)

    // 3. The phone signs in to the same account: both plugins come by sync, nothing installed there.
    const phone = await openDevice(browser, origin)
    const phoneAccount = new AccountPage(phone)
    await phoneAccount.open()
    await phoneAccount.signIn({ server: server.origin, email: person.email, password: person.password })
    await expect(phoneAccount.signedInAs('Ada Plugins')).toBeVisible()
    await expect
      .poll(async () => Object.keys(await deviceManifest(phone)).sort(), { timeout: scaledTimeout(30_000) })
      .toEqual(['QuireCollections', 'QuireNotes'])
    const onPhone = await deviceManifest(phone)
    expect(onPhone.QuireCollections?.database_id).toBe(collections.database_id)
    expect(onPhone.QuireNotes?.database_id).toBe(notes.database_id)
    // The laptop gets the server's install too.
    await expect
      .poll(async () => (await deviceManifest(laptop)).QuireNotes?.database_id, {
        timeout: scaledTimeout(30_000),
      })
      .toBe(notes.database_id)

    // A page placing both plugins' modules, made on the phone, renders them in their frames.
    const board = new PluginBoardPage(phone)
    await board.create('Synced plugins', 'synced-plugins', [
      { i: 'overview', pluginId: 'QuireCollections', moduleId: 'CollectionOverview', x: 0, y: 0, w: 6, h: 5 },
      { i: 'notes', pluginId: 'QuireNotes', moduleId: 'Notes', x: 6, y: 0, w: 6, h: 5 },
    ])
    const expectRendered = async () => {
      for (const i of ['overview', 'notes']) {
        await expect(board.cell(i)).toHaveAttribute('data-state', 'ready', { timeout: scaledTimeout(30_000) })
      }
      const overview = board.module('overview')
      await expect(overview.getByRole('heading', { name: 'Collections', level: 2 })).toBeVisible()
      await expect(overview.getByTestId('collections-item')).toContainText(['Synced shelf'])
      await expect(board.module('notes').getByRole('heading', { name: 'Notes', level: 2 })).toBeVisible()
    }
    await board.open('synced-plugins', 'Synced plugins')
    await expectRendered()

    // Offline, after a reload: the plugins' files are on the phone.
    await goOffline(phone)
    await phone.reload()
    await expect(board.heading('Synced plugins')).toBeVisible()
    await expectRendered()
    await phone.context().setOffline(false)
    await laptop.context().close()
    await phone.context().close()
  })
}

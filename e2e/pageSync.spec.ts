import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from './support/test'
import { buildSamplePlugins, DEFAULT_OUT_DIR } from '../scripts/buildSamplePlugins.mjs'
import { AccountPage } from './pages/AccountPage'
import { PagesScreen } from './pages/PagesScreen'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { api, deployments, newPerson, openDevice, syncServer } from './support/syncDevices'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// A page made on one device of an account, with a plugin's module on it, reaches the account's other
// device by sync (the page, its route, its place, its layouts and the plugin) and renders there the same.
let notesZip: Buffer

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  await buildSamplePlugins()
  notesZip = await readFile(path.join(DEFAULT_OUT_DIR, 'QuireNotes-1.0.0.zip'))
})

type ApiPage = {
  id: string
  name: string
  route: string
  parent_route: string | null
  is_parent_page: boolean
  is_published: boolean
  content: Record<string, unknown>
}

const content = {
  layouts: {
    desktop: [{ i: 'notes', x: 2, y: 0, w: 6, h: 5 }],
    mobile: [{ i: 'notes', x: 0, y: 0, w: 4, h: 5 }],
  },
  modules: { notes: { pluginId: 'QuireNotes', moduleId: 'Notes', moduleName: 'Notes', config: {} } },
}

for (const { name: deployment, appOrigin } of deployments) {
  test(`${deployment}: a published page with a plugin module made on one device opens at the same route on the other, its module rendered`, async ({
    browser,
  }) => {
    test.setTimeout(scaledTimeout(150_000))
    const person = newPerson()
    const laptop = await openDevice(browser, appOrigin)
    const laptopAccount = new AccountPage(laptop)
    await laptopAccount.open()
    await laptopAccount.signUp({ server: syncServer, ...person, fullName: 'Page Maker' })
    await expect(laptopAccount.signedInAs('Page Maker')).toBeVisible()

    // On the laptop: a plugin, a parent page and a page under it with the plugin's module, published.
    await new PluginBoardPage(laptop).install(notesZip, 'QuireNotes-1.0.0.zip')
    const screen = new PagesScreen(laptop)
    await screen.open()
    await screen.create('Projects', { parentPage: true })
    await screen.create('Field board', { parent: 'Projects (/projects)' })
    await expect(screen.route('Field board')).toHaveText('/projects/field-board')
    const made = (await api<{ pages: ApiPage[] }>(laptop, '/api/v1/pages')).pages.find(
      (p) => p.name === 'Field board',
    )!
    await api(laptop, `/api/v1/pages/${made.id}`, { method: 'PUT', json: { content } })
    await screen.switch('Field board', 'Published').check()
    await expect
      .poll(async () => (await api<ApiPage>(laptop, `/api/v1/pages/${made.id}`)).is_published)
      .toBe(true)

    // The phone signs in: the page comes by sync, with its place, route and layouts.
    const phone = await openDevice(browser, appOrigin)
    const phoneAccount = new AccountPage(phone)
    await phoneAccount.open()
    await phoneAccount.signIn({ server: syncServer, email: person.email, password: person.password })
    await expect(phoneAccount.signedInAs('Page Maker')).toBeVisible()
    await expect
      .poll(
        async () => {
          const pages = (await api<{ pages?: ApiPage[] }>(phone, '/api/v1/pages')).pages ?? []
          return pages.find((p) => p.id === made.id)?.is_published ?? false
        },
        { timeout: scaledTimeout(60_000) },
      )
      .toBe(true)
    const synced = await api<ApiPage>(phone, '/api/v1/pages/route/projects/field-board')
    expect(synced).toMatchObject({
      id: made.id,
      name: 'Field board',
      route: '/projects/field-board',
      parent_route: '/projects',
      is_published: true,
      content,
    })
    await expect
      .poll(async () => Object.keys(await api(phone, '/api/v1/plugins/manifest')), {
        timeout: scaledTimeout(60_000),
      })
      .toContain('QuireNotes')

    // On the phone's Pages screen, opened from there: the same page at the same route, module rendered.
    const phoneScreen = new PagesScreen(phone)
    await phoneScreen.open()
    await expect(phoneScreen.switch('Field board', 'Published')).toBeChecked()
    await expect(phoneScreen.route('Field board')).toHaveText('/projects/field-board')
    await phoneScreen.openLink('Field board').click()
    await expect(phone).toHaveURL(/\/p\/projects\/field-board$/)
    const board = new PluginBoardPage(phone)
    await expect(board.heading('Field board')).toBeVisible()
    await expect(board.cell('notes')).toHaveAttribute('data-state', 'ready', {
      timeout: scaledTimeout(30_000),
    })
    await expect(board.module('notes').getByRole('heading', { name: 'Notes', level: 2 })).toBeVisible()

    // And on the laptop, the same page renders the same module at the same place on the grid.
    await laptop.goto('/p/projects/field-board')
    const laptopBoard = new PluginBoardPage(laptop)
    await expect(laptopBoard.cell('notes')).toHaveAttribute('data-state', 'ready', {
      timeout: scaledTimeout(30_000),
    })
    const gridPlace = (cell: ReturnType<PluginBoardPage['cell']>) =>
      cell.evaluate((el) => el.closest<HTMLElement>('.plugin-grid-cell')?.style.gridColumn ?? '')
    // Wide: the same layout on both; at phone width both take the page's mobile layout.
    await phone.setViewportSize({ width: 1280, height: 900 })
    await laptop.setViewportSize({ width: 1280, height: 900 })
    await expect.poll(() => gridPlace(board.cell('notes'))).toBe(await gridPlace(laptopBoard.cell('notes')))
    expect(await gridPlace(board.cell('notes'))).toMatch(/^\d+ \/ span \d+$/)
    await phone.setViewportSize({ width: 390, height: 844 })
    await laptop.setViewportSize({ width: 390, height: 844 })
    await expect.poll(() => gridPlace(board.cell('notes'))).toBe('1 / span 4')
    await expect.poll(() => gridPlace(laptopBoard.cell('notes'))).toBe('1 / span 4')

    await laptop.context().close()
    await phone.context().close()
  })
}

import { expect, test, type APIRequestContext, type Page } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { AccountPage, newSyncPerson } from './pages/AccountPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { goOffline } from './support/goOffline'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Background sync as a person sees it, against the real sync server: the Account page's Sync panel,
// the app bar's indicator, "Sync now", and changes made offline reaching the server once it is back.
const server = `http://127.0.0.1:${SYNC_PORT}`

function api(page: Page, method: 'GET' | 'POST', path: string) {
  return page.evaluate(
    async ({ method, path }) => {
      const response = await fetch(path, { method })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    },
    { method, path },
  )
}

/** Everything the server holds for the person, as their own sync client would pull it. */
async function serverRecords(request: APIRequestContext, person: { email: string; password: string }) {
  const login = await request.post(`${server}/api/v1/auth/login?include_tokens=true`, {
    data: { email: person.email, password: person.password },
  })
  expect(login.status()).toBe(200)
  const { access_token } = (await login.json()) as { access_token: string }
  const pulled = await request.get(`${server}/api/v1/sync/pull?after=0`, {
    headers: { authorization: `Bearer ${access_token}` },
  })
  expect(pulled.status()).toBe(200)
  return JSON.stringify(await pulled.json())
}

test('sync status: the panel and the app bar follow sync, and offline changes reach the server later', async ({
  page,
  context,
  request,
}) => {
  await openApp(page)
  const account = new AccountPage(page)
  const collections = new CollectionsPage(page)
  await account.open()
  // Signed out: nothing syncs, nothing is shown, and "Sync now" has nothing to sync with.
  expect(await api(page, 'GET', '/api/v1/sync/status')).toEqual({
    status: 200,
    body: {
      state: 'off',
      last_synced_at: null,
      pending: 0,
      error: null,
      next_attempt_at: null,
      server_url: null,
    },
  })
  expect((await api(page, 'POST', '/api/v1/sync/now')).status).toBe(409)
  await expect(account.syncSection).toHaveCount(0)
  await expect(account.syncIndicator).toHaveCount(0)

  const person = newSyncPerson()
  await account.signUp({ server, ...person })
  await expect(account.signedInAs(person.username)).toBeVisible()
  await expect(account.syncState).toHaveText('Up to date', { timeout: scaledTimeout(30_000) })
  await expect(account.syncSection.getByText('No changes waiting to be sent')).toBeVisible()
  // Last synced: relative, with the exact time in its title.
  const lastSynced = account.syncSection.locator('time').first()
  await expect(lastSynced).toHaveText(/just now|ago/)
  await expect(lastSynced).toHaveAttribute('title', /\d/)
  await expect(account.syncIndicator).toHaveText(/Synced$/)
  await expect(account.syncIndicator).toHaveAttribute('href', '/account')
  await expectAccessible(page, 'Account, syncing')
  await page.screenshot({ path: 'e2e/output/screens/sync-status-account.png', fullPage: true })

  // A change made here reaches the server; "Sync now" says when it has.
  await collections.open()
  await collections.create({ name: 'Synced from the browser', description: 'Sent by the sync loop' })
  await account.syncIndicator.click()
  await expect(account.heading).toBeVisible()
  await account.syncNowButton.click()
  await expect(account.syncState).toHaveText('Up to date')
  await expect(account.syncSection.getByText('No changes waiting to be sent')).toBeVisible()
  // The panel may still show the poll from before the click (both already true then): the server is
  // asked until the round has landed, not once.
  await expect.poll(() => serverRecords(request, person)).toContain('Synced from the browser')

  // Offline: the change waits in the outbox, and both views say so.
  await goOffline(page)
  await collections.open()
  await collections.create({ name: 'Made while offline', description: 'Sent when back online' })
  await account.open()
  await expect(account.syncState).toHaveText('Offline — changes are kept and sent when back online')
  await expect(account.syncSection.getByText(/^[1-9]\d* changes? waiting to be sent$/)).toBeVisible()
  await expect(account.syncIndicator).toHaveText(/Offline, [1-9]\d* pending$/)
  // One offline badge, not two (issue 30, bug 5): while the sync indicator says so, the app's own
  // "Offline – everything still works" is not shown beside it.
  await expect(page.getByRole('banner').getByText('Offline – everything still works')).toHaveCount(0)

  // Back online: the loop is nudged, sends the change, and the views go back to up to date.
  await context.setOffline(false)
  await expect(account.syncState).toHaveText('Up to date', { timeout: scaledTimeout(30_000) })
  await expect(account.syncSection.getByText('No changes waiting to be sent')).toBeVisible()
  await expect(account.syncIndicator).toHaveText(/Synced$/)
  await expect.poll(() => serverRecords(request, person)).toContain('Made while offline')

  // Signed out (data kept), the indicator goes and the status is off again.
  await account.signOut()
  await expect(account.syncIndicator).toHaveCount(0)
  expect((await api(page, 'GET', '/api/v1/sync/status')).body).toMatchObject({ state: 'off' })
})

test('sync status: the indicator fits a phone-width top bar', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await openApp(page)
  const account = new AccountPage(page)
  await account.open()
  await account.signUp({ server, ...newSyncPerson() })
  await expect(account.syncIndicator).toBeVisible({ timeout: scaledTimeout(30_000) })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  const box = await account.syncIndicator.boundingBox()
  expect(box?.height).toBeGreaterThanOrEqual(40)
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360)
  await page.screenshot({ path: 'e2e/output/screens/sync-status-phone.png', fullPage: true })
})

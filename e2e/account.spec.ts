import { expect, test, type Page } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { AccountPage } from './pages/AccountPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'

// The app runs on the static server (no API of its own); its account lives on the real sync server,
// which the in-browser API reaches cross-origin with Bearer tokens.
const server = `http://127.0.0.1:${SYNC_PORT}`

function newPerson() {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  return { username: `e2e_${tag}`, email: `e2e-${tag}@example.com`, password: 'correct horse battery' }
}

function me(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/auth/me')
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  })
}

/**
 * Creates the local collection `collection` on this device, then signs a new person up and merges the
 * device's data into the account: the sign-out tests start from there.
 */
async function signUpWithLocalCollection(page: Page, collection: { name: string; description: string }) {
  await openApp(page)
  const collections = new CollectionsPage(page)
  await collections.open()
  await collections.create(collection)
  const account = new AccountPage(page)
  await account.open()
  const person = newPerson()
  await account.signUp({ server, ...person })
  await account.answerLocalData('Merge into my account')
  await expect(account.signedInAs(person.username)).toBeVisible()
  return { collections, account, person }
}

test('account: sign up on the sync server, stay signed in across a reload, sign out to the local profile', async ({
  page,
}) => {
  await openApp(page)
  const account = new AccountPage(page)
  await account.open()
  // The local profile: its name is "This device", its username "local".
  await expect(account.deviceSection.getByRole('definition').filter({ hasText: /^local$/ })).toBeVisible()
  await expect(page.getByLabel('Sync server address')).toHaveValue(new URL(page.url()).origin)
  await expectAccessible(page, 'Account, signed out')
  const local = await me(page)
  expect(local).toMatchObject({
    status: 200,
    body: { username: 'local', email: '', full_name: 'This device' },
  })

  const person = newPerson()
  await account.signUp({ server, ...person, fullName: 'Ada Lovelace' })
  await expect(account.signedInAs('Ada Lovelace')).toBeVisible()
  await expect(account.serverSection.getByText(server, { exact: true })).toBeVisible()
  // Signed in, the page names one person (issue 30, bug 5): the device's local profile ("Username local")
  // is not listed beside "Signed in as Ada Lovelace".
  await expect(account.deviceSection.getByRole('definition').filter({ hasText: /^local$/ })).toHaveCount(0)
  await expect(page.getByText('local', { exact: true })).toHaveCount(0)
  await expectAccessible(page, 'Account, signed in')

  await page.reload()
  await expect(account.heading).toBeVisible()
  await expect(account.signedInAs('Ada Lovelace')).toBeVisible()
  const signedIn = await me(page)
  expect(signedIn).toMatchObject({
    status: 200,
    body: { username: person.username, email: person.email, full_name: 'Ada Lovelace' },
  })
  // Tokens stay inside the API worker: the account state never carries them.
  const state = await page.evaluate(async () => (await fetch('/api/v1/account')).text())
  expect(state).not.toMatch(/token/i)

  await account.signOut()
  await expect(page.getByLabel('Sync server address')).toBeVisible()
  expect(await me(page)).toEqual(local)
})

test("account: a wrong password shows the sync server's error and signs nobody in", async ({
  page,
  request,
}) => {
  await openApp(page)
  const account = new AccountPage(page)
  await account.open()
  const person = newPerson()
  await account.signUp({ server, ...person })
  await expect(account.signedInAs(person.username)).toBeVisible()
  await account.signOut()

  await account.signIn({ server, email: person.email, password: 'not the password' })
  // The server's own words, as it answers the same wrong password directly.
  const direct = await request.post(`${server}/api/v1/auth/login?include_tokens=true`, {
    data: { email: person.email, password: 'not the password' },
  })
  expect(direct.status()).toBe(401)
  const { detail } = (await direct.json()) as { detail: string }
  await expect(account.error).toHaveText(detail)
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
  expect((await me(page)).body).toMatchObject({ username: 'local' })
})

test('account: an unreachable server is named in the error', async ({ page }) => {
  await openApp(page)
  const account = new AccountPage(page)
  await account.open()
  await account.signIn({ server: 'http://127.0.0.1:9', email: 'nobody@example.com', password: 'whatever1' })
  await expect(account.error).toContainText('Could not reach the sync server at http://127.0.0.1:9')
})

test("account: sign-out asks about this device's data; Escape cancels; keeping keeps every collection", async ({
  page,
}) => {
  const { collections, account, person } = await signUpWithLocalCollection(page, {
    name: 'Made before signing in',
    description: 'Local first',
  })
  await collections.open()
  await collections.create({ name: 'Made while signed in', description: 'Under the account' })

  await account.open()
  const dialog = await account.openSignOut()
  await expect(dialog).toContainText('Keep this device’s collections, documents and chats?')
  // Keeping is the safe default: an accidental Enter deletes nothing.
  await expect(dialog.getByRole('button', { name: 'Sign out and keep data' })).toBeFocused()
  await expectAccessible(page, 'Sign-out dialog')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(account.signedInAs(person.username)).toBeVisible()
  await expect(account.serverSection.getByRole('button', { name: 'Sign out' })).toBeFocused()

  await account.signOut()
  await expect(page.getByLabel('Sync server address')).toBeVisible()
  await expect(page.getByText('Signed out. This device’s data is kept.')).toBeVisible()
  await openApp(page, '/collections')
  await expect(collections.card('Made before signing in')).toBeVisible()
  await expect(collections.card('Made while signed in')).toBeVisible()
  expect((await me(page)).body).toMatchObject({ username: 'local' })
})

test("account: signing out and removing data deletes this device's collections", async ({ page }) => {
  const { collections, account } = await signUpWithLocalCollection(page, {
    name: 'Removed with the sign-out',
    description: 'Gone afterwards',
  })

  await account.signOutAndRemoveData()
  await openApp(page, page.url())
  await expect(account.heading).toBeVisible()
  await expect(page.getByLabel('Sync server address')).toBeVisible()
  expect((await me(page)).body).toMatchObject({ username: 'local' })
  await collections.open()
  await expect(page.getByRole('heading', { name: 'No collections yet' })).toBeVisible()
  await expect(collections.card('Removed with the sign-out')).toHaveCount(0)
  const listed = await page.evaluate(async () => (await fetch('/api/collections/')).text())
  expect(listed).not.toContain('Removed with the sign-out')
})

// Signed in from another origin, the explorer's "server" target is the account's server, and the
// account's own session is used (its token stays in the API worker); so are the server-only routes.
test("account: from another origin, the API explorer and the server's own routes reach the account's server", async ({
  page,
}) => {
  await openApp(page)
  const account = new AccountPage(page)
  await account.open()
  await account.signUp({ server, ...newPerson(), fullName: 'Barbara Liskov' })
  await expect(account.signedInAs('Barbara Liskov')).toBeVisible()

  const jobs = await page.evaluate(async () => {
    const response = await fetch('/api/v1/jobs')
    return { status: response.status, host: response.headers.get('x-quire-host') }
  })
  expect(jobs).toEqual({ status: 200, host: 'server' })

  await page.getByRole('link', { name: 'API explorer' }).first().click()
  await expect(page.getByRole('heading', { name: 'API explorer', level: 1 })).toBeVisible()
  await page.getByRole('radio', { name: `The server at ${server}` }).check()
  await page.getByRole('searchbox', { name: 'Search operations' }).fill('List collections, newest first')
  const list = page
    .locator('details.operation', { hasText: 'List collections, newest first' })
    .filter({ hasNotText: 'BrainDrive-compat alias' })
  await list.locator(':scope > summary').click()
  await list.getByRole('button', { name: 'Send' }).click()
  await expect(list.locator('.response-status .status-badge')).toHaveText('200 OK')
  await expect(list.locator('.header-row', { hasText: 'x-quire-host' }).getByRole('definition')).toHaveText(
    'server',
  )
})

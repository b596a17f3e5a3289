import { expect, test, type Browser, type Page } from './support/test'
import { AccountPage } from './pages/AccountPage'
import { openApp } from './support/openApp'
import { api, newPerson, syncServer } from './support/syncDevices'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Issue 70, item 7: a device that already holds collections, documents and chats signs in to an account
// that has data of its own. It is asked, with counts, before anything is sent; each answer does what it
// says. The app runs on the sync server's own origin, as `npm start` serves it.

type Person = ReturnType<typeof newPerson> & { token: string }

/** A person with an account that already holds a collection, made by a script on the server. */
async function accountWithData(): Promise<Person & { shared: string }> {
  const person = newPerson()
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(syncServer + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    expect(response.ok, `${path}: ${response.status}`).toBe(true)
    return (await response.json()) as Record<string, string>
  }
  await post('/api/v1/auth/register', person)
  const { access_token } = await post('/api/v1/auth/login?include_tokens=true', person)
  const shared = await post(
    '/api/collections/',
    { name: 'Shelf from the laptop', description: 'made by a script' },
    access_token,
  )
  return { ...person, token: access_token!, shared: shared.id! }
}

/** The names of the account's collections, as the server has them. */
async function serverCollections(person: Person): Promise<string[]> {
  const response = await fetch(`${syncServer}/api/collections/`, {
    headers: { authorization: `Bearer ${person.token}` },
  })
  return ((await response.json()) as Array<{ name: string }>).map((c) => c.name).sort()
}

const deviceCollections = async (page: Page) =>
  (await api<Array<{ name: string }>>(page, '/api/collections/')).map((c) => c.name).sort()

/**
 * A device used before signing in: 2 collections, one with a processed document in it, and a chat
 * (the three kinds the question counts).
 */
async function deviceWithData(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: syncServer, viewport })
  const page = await context.newPage()
  await openApp(page, '/')
  const status = await page.evaluate(async () => {
    const make = async (name: string) =>
      (await (
        await fetch('/api/collections/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name, description: 'made on this device' }),
        })
      ).json()) as { id: string }
    const trips = await make('Trips')
    await make('Recipes')
    const form = new FormData()
    form.set('collection_id', trips.id)
    form.set(
      'file',
      new File(['# Lisbon\n\nThe tram climbs to the castle.'], 'lisbon.md', { type: 'text/markdown' }),
    )
    let document = (await (await fetch('/api/documents/', { method: 'POST', body: form })).json()) as {
      id: string
      status: string
    }
    for (let i = 0; i < 150 && document.status === 'processing'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      document = (await (await fetch(`/api/documents/${document.id}`)).json()) as typeof document
    }
    await fetch('/api/chat/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Packing list' }),
    })
    return document.status
  })
  expect(status).toBe('completed')
  return { context, page }
}

const QUESTION = 'This device has 2 collections, 1 document and 1 chat that are not in your account.'

async function signInAndSeeQuestion(page: Page, person: Person, shot: string) {
  const account = new AccountPage(page)
  await account.open()
  await account.signIn({ server: syncServer, email: person.email, password: person.password })
  const dialog = page.getByRole('dialog', { name: 'Add this device’s data to your account?' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('local-data-counts')).toHaveText(QUESTION)
  // Merging is the default: focused, so Enter merges and nothing is ever deleted by accident.
  await expect(dialog.getByRole('button', { name: 'Merge into my account' })).toBeFocused()
  await page.screenshot({ path: `e2e/output/secondDevice-${shot}.png` })
  return dialog
}

test.describe('a second device with its own data signs in', () => {
  test('it is asked with counts, nothing is sent meanwhile, and Merge (by keyboard) sends it all', async ({
    browser,
  }) => {
    test.setTimeout(scaledTimeout(120_000))
    const person = await accountWithData()
    const { context, page } = await deviceWithData(browser, { width: 1440, height: 900 })
    const dialog = await signInAndSeeQuestion(page, person, 'question-1440')

    // Waiting for the answer, nothing has gone to the account nor come from it.
    await page.waitForTimeout(3000)
    expect(await serverCollections(person)).toEqual(['Shelf from the laptop'])
    expect(await deviceCollections(page)).toEqual(['Recipes', 'Trips'])

    // Closed unanswered, the page keeps asking, and sync keeps waiting.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('region', { name: 'This device’s data' })).toContainText(
      'Sync waits: this device has 2 collections, 1 document and 1 chat that your account does not have.',
    )
    await page.getByRole('button', { name: 'Choose what to do with it' }).click()
    await expect(dialog.getByRole('button', { name: 'Merge into my account' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()

    await expect
      .poll(() => serverCollections(person), { timeout: scaledTimeout(30_000) })
      .toEqual(['Recipes', 'Shelf from the laptop', 'Trips'])
    await expect
      .poll(() => deviceCollections(page), { timeout: scaledTimeout(30_000) })
      .toEqual(['Recipes', 'Shelf from the laptop', 'Trips'])
    await expect(new AccountPage(page).syncSection).toBeVisible()
    await context.close()
  })

  test('Keep on this device only: the account’s data arrives, this device’s does not leave, nor what is added to it, until sent from the Account page', async ({
    browser,
  }) => {
    test.setTimeout(scaledTimeout(120_000))
    const person = await accountWithData()
    const { context, page } = await deviceWithData(browser, { width: 390, height: 844 })
    const dialog = await signInAndSeeQuestion(page, person, 'question-390')
    await dialog.getByRole('button', { name: 'Keep on this device only' }).click()
    await expect(dialog).toBeHidden()

    await expect
      .poll(() => deviceCollections(page), { timeout: scaledTimeout(30_000) })
      .toEqual(['Recipes', 'Shelf from the laptop', 'Trips'])
    // A document added to a kept collection stays here; a new collection syncs.
    const trips = (await api<Array<{ id: string; name: string }>>(page, '/api/collections/')).find(
      (c) => c.name === 'Trips',
    )!
    await page.evaluate(async (id) => {
      const form = new FormData()
      form.set('collection_id', id)
      form.set(
        'file',
        new File(['# Porto\n\nThe bridge has two decks.'], 'porto.md', { type: 'text/markdown' }),
      )
      await fetch('/api/documents/', { method: 'POST', body: form })
    }, trips.id)
    await api(page, '/api/collections/', {
      method: 'POST',
      json: { name: 'Made after', description: 'after the choice' },
    })
    await expect
      .poll(() => serverCollections(person), { timeout: scaledTimeout(30_000) })
      .toEqual(['Made after', 'Shelf from the laptop'])
    await api(page, '/api/v1/sync/now', { method: 'POST' })
    const serverDocuments = await fetch(`${syncServer}/api/documents/`, {
      headers: { authorization: `Bearer ${person.token}` },
    })
    expect(await serverDocuments.json()).toEqual([])
    expect(await serverCollections(person)).toEqual(['Made after', 'Shelf from the laptop'])
    await page.screenshot({ path: 'e2e/output/secondDevice-kept-390.png' })

    // Later, the person changes their mind: the Account page counts what was kept (the document added
    // since with it) and sends it, after asking with the same counts, the way a merge does.
    const account = new AccountPage(page)
    await account.open()
    const kept = page.getByRole('region', { name: 'Local data on this device' })
    const counts = '2 collections, 2 documents and 1 chat'
    await expect(kept.getByTestId('kept-data-counts')).toHaveText(
      `${counts} are kept on this device only: they do not sync to your account.`,
    )
    await expect(account.syncSection).toBeVisible()
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size)
      await kept.getByRole('button', { name: 'Send to my account…' }).click()
      const confirm = page.getByRole('dialog', { name: 'Send this device’s data to your account?' })
      await expect(confirm.getByTestId('send-kept-counts')).toHaveText(
        `${counts} will be sent to your account and sync to your other devices, with what you add to them from now on.`,
      )
      await expect(confirm.getByRole('button', { name: 'Send to my account' })).toBeFocused()
      await page.screenshot({ path: `e2e/output/secondDevice-send-kept-${size.width}.png` })
      if (size.width === 390) {
        // Cancel sends nothing, and focus returns to the button.
        await confirm.getByRole('button', { name: 'Cancel' }).click()
        await expect(confirm).toBeHidden()
        await expect(kept.getByRole('button', { name: 'Send to my account…' })).toBeFocused()
        await api(page, '/api/v1/sync/now', { method: 'POST' })
        expect(await serverCollections(person)).toEqual(['Made after', 'Shelf from the laptop'])
      } else {
        await page.keyboard.press('Enter')
        await expect(confirm).toBeHidden()
      }
    }
    await expect(kept).toHaveCount(0)
    await expect
      .poll(() => serverCollections(person), { timeout: scaledTimeout(30_000) })
      .toEqual(['Made after', 'Recipes', 'Shelf from the laptop', 'Trips'])
    const sent = async (path: string) =>
      (
        (await (
          await fetch(`${syncServer}${path}`, { headers: { authorization: `Bearer ${person.token}` } })
        ).json()) as Array<{ original_filename?: string; name?: string }>
      )
        .map((item) => item.original_filename ?? item.name)
        .sort()
    await expect
      .poll(() => sent('/api/documents/'), { timeout: scaledTimeout(30_000) })
      .toEqual(['lisbon.md', 'porto.md'])
    await expect
      .poll(() => sent('/api/chat/sessions'), { timeout: scaledTimeout(30_000) })
      .toEqual(['Packing list'])
    // Sent, it syncs like the rest: nothing is left to send.
    expect((await api<{ kept_local_data: unknown }>(page, '/api/v1/account')).kept_local_data).toBeNull()
    await page.screenshot({ path: 'e2e/output/secondDevice-sent-1440.png' })
    await context.close()
  })

  test('Discard asks again, offers a copy, then deletes this device’s data and syncs the account’s', async ({
    browser,
  }) => {
    test.setTimeout(scaledTimeout(120_000))
    const person = await accountWithData()
    const { context, page } = await deviceWithData(browser, { width: 1440, height: 900 })
    const dialog = await signInAndSeeQuestion(page, person, 'question-discard-1440')
    await dialog.getByRole('button', { name: 'Discard…' }).click()
    const confirm = page.getByRole('dialog', { name: 'Discard this device’s data?' })
    await expect(confirm).toContainText(
      '2 collections, 1 document and 1 chat will be deleted from this device. They are in no account, so this cannot be undone.',
    )
    // Back is the safe answer, focused.
    await expect(confirm.getByRole('button', { name: 'Back' })).toBeFocused()
    const download = page.waitForEvent('download')
    await confirm.getByRole('button', { name: 'Download a copy first' }).click()
    expect((await download).suggestedFilename()).toMatch(/\.zip$/)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: 'e2e/output/secondDevice-discard-390.png' })
    await page.setViewportSize({ width: 1440, height: 900 })
    await confirm.getByRole('button', { name: 'Discard', exact: true }).click()
    await expect(confirm).toBeHidden()

    await expect
      .poll(() => deviceCollections(page), { timeout: scaledTimeout(30_000) })
      .toEqual(['Shelf from the laptop'])
    expect(await api<unknown[]>(page, '/api/chat/sessions')).toEqual([])
    expect(await api<unknown[]>(page, '/api/documents/')).toEqual([])
    expect(await serverCollections(person)).toEqual(['Shelf from the laptop'])
    await context.close()
  })

  test('a device with nothing of its own is not asked', async ({ browser }) => {
    const person = await accountWithData()
    const context = await browser.newContext({ baseURL: syncServer, viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await openApp(page, '/')
    const account = new AccountPage(page)
    await account.open()
    await account.signIn({ server: syncServer, email: person.email, password: person.password })
    await expect(account.syncSection).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect
      .poll(() => deviceCollections(page), { timeout: scaledTimeout(30_000) })
      .toEqual(['Shelf from the laptop'])
    await context.close()
  })
})

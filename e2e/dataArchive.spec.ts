import { strFromU8, unzipSync } from 'fflate'
import { expect, test, type Page } from './support/test'
import { apiJson } from './support/apiJson'
import { seedNotesCollection } from './support/seedNotesCollection'
import { newPerson, openDevice, syncServer } from './support/syncDevices'
import { SettingsPage } from './pages/SettingsPage'
import { CollectionPage } from './pages/CollectionPage'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

/** Signs a new person up on the sync server and answers their Bearer header. */
async function serverPerson(): Promise<Record<string, string>> {
  const person = newPerson()
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(syncServer + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
    expect(response.ok, `${path}: ${response.status}`).toBe(true)
    return (await response.json()) as Record<string, string>
  }
  await post('/api/v1/auth/register', person)
  const tokens = await post('/api/v1/auth/login?include_tokens=true', person)
  return { authorization: `Bearer ${tokens.access_token}` }
}

/** The passages a search finds, with their ids and scores, on the page's own API. */
async function searchInPage(page: Page, query: string) {
  const answer = await apiJson<{ chunks: Array<{ id: string; content: string; score: number }> }>(
    page,
    '/api/search_u/',
    'POST',
    { query, top_k: 5 },
  )
  return answer.chunks.map((chunk) => [chunk.id, chunk.content, chunk.score])
}

test('a person moves from the browser to a server account and back, losing nothing', async ({ browser }) => {
  test.setTimeout(scaledTimeout(120_000))
  // The offline app: a collection with a processed document and a chat about it.
  const first = await openDevice(browser)
  const collectionId = await seedNotesCollection(first, 'Harbour survey')
  const session = await apiJson(first, '/api/chat/sessions', 'POST', {
    name: 'Tides',
    collection_id: collectionId,
  })
  await apiJson(first, '/api/chat/message', 'POST', {
    session_id: session.id,
    message: 'How high was the spring tide?',
  })
  const settings = new SettingsPage(first)
  await settings.open()
  const archive = await settings.exportMyData()
  const manifest = JSON.parse(strFromU8(unzipSync(new Uint8Array(archive))['manifest.json']!)) as {
    counts: Record<string, number>
  }
  expect(manifest.counts).toMatchObject({ collections: 1, documents: 1, chat_sessions: 1, chat_messages: 2 })

  // Into a server account: the document comes with its passages, searchable there at once.
  const auth = await serverPerson()
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(archive)], { type: 'application/zip' }), 'quire.zip')
  const imported = await fetch(`${syncServer}/api/v1/import`, { method: 'POST', headers: auth, body: form })
  expect(imported.status).toBe(200)
  expect(((await imported.json()) as { data: Record<string, number> }).data).toMatchObject({
    collections_added: 1,
    documents_taken_as_processed: 1,
    chat_messages_added: 2,
  })
  const serverSearch = await fetch(`${syncServer}/api/search_u/`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'oystercatchers nested', top_k: 5 }),
  })
  const found = (await serverSearch.json()) as {
    chunks: Array<{ id: string; content: string; score: number }>
  }
  expect(found.chunks.map((chunk) => [chunk.id, chunk.content, chunk.score])).toEqual(
    await searchInPage(first, 'oystercatchers nested'),
  )

  // And back, from the server's export into a fresh browser, through Settings' Import.
  const back = await fetch(`${syncServer}/api/v1/export`, { headers: auth })
  expect(back.status).toBe(200)
  const second = await openDevice(browser)
  const secondSettings = new SettingsPage(second)
  await secondSettings.open()
  const result = await secondSettings.importArchive('from-server.zip', Buffer.from(await back.arrayBuffer()))
  await expect(result).toHaveText(/Imported 1 collection, 1 document, 1 chat\./)
  expect(await searchInPage(second, 'oystercatchers nested')).toEqual(
    await searchInPage(first, 'oystercatchers nested'),
  )
  const messages = await apiJson<unknown[]>(second, `/api/chat/messages?session_id=${session.id}`, 'GET')
  expect(messages).toEqual(
    await apiJson<unknown[]>(first, `/api/chat/messages?session_id=${session.id}`, 'GET'),
  )

  // The same archive again adds nothing.
  const again = await secondSettings.importArchive('from-server.zip', Buffer.from(archive))
  await expect(again).toHaveText(
    /Imported 0 collections, 0 documents, 0 chats\. 1 documents were already here\./,
  )

  // One collection, from its page, with its chats.
  const collectionPage = new CollectionPage(first)
  await collectionPage.open('Harbour survey')
  const one = unzipSync(new Uint8Array(await collectionPage.exportCollection(true)))
  expect(JSON.parse(strFromU8(one['manifest.json']!))).toMatchObject({
    scope: { collection_id: collectionId, include_chats: true },
    counts: { collections: 1, documents: 1, chat_sessions: 1 },
  })
  await first.context().close()
  await second.context().close()
})

test('an account archive restores its settings over the person’s own only when they say so', async ({
  browser,
}) => {
  const page = await openDevice(browser)
  await apiJson(page, '/api/settings', 'PUT', { ocr_languages: ['eng', 'fra'] })
  const settings = new SettingsPage(page)
  await settings.open()
  const archive = await settings.exportMyData()
  await apiJson(page, '/api/settings', 'PUT', { ocr_languages: ['eng'] })

  // The person has settings of their own: the import leaves the archive's out and says so.
  const result = await settings.importArchive('mine.zip', archive)
  await expect(result).toHaveText(/Its settings were not restored: you have settings of your own here\./)
  expect((await apiJson<{ ocr_languages: string[] }>(page, '/api/settings', 'GET')).ocr_languages).toEqual([
    'eng',
  ])
  // Asked, they are restored, and nothing else is added again.
  await page.getByRole('button', { name: 'Restore its settings over mine' }).click()
  await expect(result).toHaveText('Restored the archive’s settings.')
  expect((await apiJson<{ ocr_languages: string[] }>(page, '/api/settings', 'GET')).ocr_languages).toEqual([
    'eng',
    'fra',
  ])
  await expect(page.getByRole('button', { name: 'Restore its settings over mine' })).toHaveCount(0)
  await page.context().close()
})

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from './support/test'
import { corpusDir } from '../web/core/testing/corpusDir'
import { openApp } from './support/openApp'
import {
  api,
  deployments,
  newPerson,
  openDevice,
  personWithTwoDevices,
  signInOn,
  signUpOn,
  syncServer,
} from './support/syncDevices'
import { goOffline } from './support/goOffline'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Two devices of one person: two browser contexts (each its own IndexedDB, service worker and API
// worker), signed in to the real sync server the Playwright config starts.
const server = syncServer
const corpus = corpusDir(process.env, join(import.meta.dirname, '..'))

async function uploadPdf(page: Page, collectionId: string, name: string, bytes: Buffer) {
  return page.evaluate(
    async ({ collectionId, name, base64, limitMs }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const form = new FormData()
      form.set('collection_id', collectionId)
      form.set('file', new File([data], name, { type: 'application/pdf' }))
      let document = (await (await fetch('/api/documents/', { method: 'POST', body: form })).json()) as {
        id: string
        status: string
      }
      const deadline = Date.now() + limitMs
      while (document.status === 'processing' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        document = (await (await fetch(`/api/documents/${document.id}`)).json()) as typeof document
      }
      return document as Record<string, unknown>
    },
    // Measured here, in Node: the function above runs in the page, which has no scaledTimeout.
    { collectionId, name, base64: bytes.toString('base64'), limitMs: scaledTimeout(60_000) },
  )
}

const collectionsOf = async (page: Page) =>
  (await api<Array<Record<string, unknown>>>(page, '/api/collections/')).map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
  }))

for (const { name: deployment, appOrigin } of deployments) {
  test.describe(deployment, () => {
    test('sync: two devices of one account edit offline, reconnect and converge; a PDF processed on one is searchable on the other', async ({
      browser,
    }) => {
      test.setTimeout(scaledTimeout(180_000))
      const { person, laptop, phone } = await personWithTwoDevices(browser, appOrigin)
      await signUpOn(laptop, person, 'Grace Hopper')

      // Made on the laptop before the phone ever signed in.
      const shared = await api(laptop, '/api/collections/', {
        method: 'POST',
        json: { name: 'Reading list', description: 'Papers to read' },
      })
      const pdf = readFileSync(join(corpus, 'pdf', 'pdfjs__tracemonkey.pdf'))
      const onLaptop = await uploadPdf(laptop, String(shared.id), 'tracemonkey.pdf', pdf)
      expect(onLaptop.status).toBe('completed')

      const phoneAccount = await signInOn(phone, person, 'Grace Hopper')

      // The document arrives processed: the laptop's chunks and vectors, not a second processing here.
      await expect
        .poll(async () => (await api(phone, `/api/documents/${String(onLaptop.id)}`)).status, {
          timeout: scaledTimeout(60_000),
        })
        .toBe('completed')
      const onPhone = await api(phone, `/api/documents/${String(onLaptop.id)}`)
      expect(onPhone).toMatchObject({
        chunk_count: onLaptop.chunk_count,
        processed_at: onLaptop.processed_at,
        metadata: onLaptop.metadata,
      })
      // The same question finds the same passages on both devices.
      const search = (page: Page) =>
        api<{ chunks: Array<{ document_id: string; text: string }> }>(page, '/api/search_u/', {
          method: 'POST',
          json: {
            query: 'trace-based just-in-time compilation of JavaScript loops',
            collection_id: shared.id,
            top_k: 5,
          },
        })
      const onPhoneHits = (await search(phone)).chunks
      expect(onPhoneHits.length).toBeGreaterThan(0)
      expect(onPhoneHits.every((hit) => hit.document_id === onLaptop.id)).toBe(true)
      expect(onPhoneHits.map((hit) => hit.text)).toEqual((await search(laptop)).chunks.map((hit) => hit.text))

      // Both go offline and edit: different fields of one collection, and a collection each.
      await goOffline(laptop)
      await goOffline(phone)
      await api(laptop, `/api/collections/${String(shared.id)}`, {
        method: 'PUT',
        json: { name: 'Reading list (2026)' },
      })
      await api(phone, `/api/collections/${String(shared.id)}`, {
        method: 'PUT',
        json: { description: 'Edited on the phone' },
      })
      await api(laptop, '/api/collections/', {
        method: 'POST',
        json: { name: 'Laptop only', description: 'offline' },
      })
      await api(phone, '/api/collections/', {
        method: 'POST',
        json: { name: 'Phone only', description: 'offline' },
      })
      await expect(phoneAccount.syncIndicator).toContainText(/offline|pending|waiting/i)

      await laptop.context().setOffline(false)
      await phone.context().setOffline(false)
      const expected = expect.arrayContaining([
        { id: shared.id, name: 'Reading list (2026)', description: 'Edited on the phone' },
        expect.objectContaining({ name: 'Laptop only' }),
        expect.objectContaining({ name: 'Phone only' }),
      ])
      await expect.poll(() => collectionsOf(laptop), { timeout: scaledTimeout(90_000) }).toEqual(expected)
      await expect.poll(() => collectionsOf(phone), { timeout: scaledTimeout(90_000) }).toEqual(expected)
      expect((await collectionsOf(laptop)).sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual(
        (await collectionsOf(phone)).sort((a, b) => String(a.id).localeCompare(String(b.id))),
      )
    })

    test('sync: a collection a script creates on the server appears in the signed-in browser', async ({
      browser,
      request,
    }) => {
      test.setTimeout(scaledTimeout(90_000))
      const person = newPerson()
      const page = await openDevice(browser, appOrigin)
      await signUpOn(page, person, 'Script Owner')

      await openApp(page, '/collections')
      const login = await request.post(`${server}/api/v1/auth/login?include_tokens=true`, {
        data: { email: person.email, password: person.password },
      })
      const { access_token: token } = (await login.json()) as { access_token: string }
      const created = await request.post(`${server}/api/collections/`, {
        headers: { authorization: `Bearer ${token}` },
        data: { name: 'Made by a script', description: 'curl would do the same' },
      })
      expect(created.ok()).toBe(true)

      // The page on screen shows it once it arrives, without a reload.
      await expect(page.getByText('Made by a script')).toBeVisible({ timeout: scaledTimeout(30_000) })
    })
  })
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseOutboundAllow } from '../src/outbound/outboundAllow'
import { callJson } from './callJson'
import { createTestCollection } from './createTestCollection'
import { startFakeOllama, type FakeOllama } from './modelhostFakeOllama'
import { createTestDatabase, type TestDatabase } from './postgres/createTestDatabase'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

// Issue 31, item 3: one person's model installs that trickle for hours must not stall another
// person's documents. Real server, real HTTP, a real SQLite file or the test run's PostgreSQL (where
// pg-boss hands out the claims); the fake Ollama on a loopback port is the edge of the world.
const M = '/api/v1/modelhost'
/** Generous for a loaded 2-core machine: a short Markdown file is processed in well under a second. */
const PROCESSED_WITHIN_MS = 60_000

for (const store of ['SQLite', 'PostgreSQL'] as const) {
  describe(`fair jobs on ${store}`, () => {
    let quire: Awaited<ReturnType<typeof startTestServer>>
    let ollama: FakeOllama
    let database: TestDatabase | undefined
    let mallory: TestUser
    let ada: TestUser
    const installs: string[] = []

    beforeAll(async () => {
      ollama = await startFakeOllama()
      database = store === 'PostgreSQL' ? await createTestDatabase() : undefined
      quire = await startTestServer({
        accounts: true,
        outbound: { allow: parseOutboundAllow(`127.0.0.1:${ollama.port}`) },
        // The defaults, written out: two slots for work, as in the report.
        config: { databaseUrl: database?.url, jobConcurrency: 2 },
      })
      mallory = await signUpForTest(quire.url, 'mallory')
      ada = await signUpForTest(quire.url, 'ada')
    }, scaledTimeout(60_000))

    afterAll(async () => {
      for (const id of installs)
        await callJson(quire.url, 'POST', `/api/v1/jobs/${id}/cancel`, {}, mallory.auth)
      await quire?.stop()
      await ollama?.close()
      await database?.drop()
    }, scaledTimeout(60_000))

    it(
      "one person's trickling model installs leave another person's document processed on time",
      async () => {
        // A pull that sends one progress line every 2 s for hours: it never ends within the test.
        for (const name of ['slow-a', 'slow-b', 'slow-c']) {
          ollama.pulls.set(name, { layers: [4_000_000_000], steps: 10_000, delayMs: 2000 })
          const answer = await callJson(
            quire.url,
            'POST',
            `${M}/install`,
            { name, server_url: ollama.url, stream: true },
            mallory.auth,
          )
          expect(answer.status, answer.text).toBe(200)
          installs.push(answer.body.task_id as string)
        }
        // The installs are running (trickling) before ada's upload arrives.
        await expect
          .poll(() => ollama.pullRequests.length, { timeout: scaledTimeout(30_000), interval: 50 })
          .toBeGreaterThanOrEqual(2)

        const collection = await createTestCollection(quire.url, 'Notes', 'ada’s notes', ada.auth)
        const form = new FormData()
        form.set('collection_id', collection)
        form.set(
          'file',
          new Blob(['# Tides\n\nThe tide turns twice a day at the northern jetty.\n']),
          'tides.md',
        )
        const upload = await fetch(`${quire.url}/api/documents/`, {
          method: 'POST',
          headers: ada.auth,
          body: form,
        })
        const document = (await upload.json()) as { id: string; detail?: string }
        expect(upload.status, document.detail).toBe(201)

        await expect
          .poll(
            async () =>
              (await callJson(quire.url, 'GET', `/api/documents/${document.id}`, undefined, ada.auth)).body
                .status,
            { timeout: PROCESSED_WITHIN_MS, interval: 100 },
          )
          .toBe('completed')

        // ...while mallory's installs still trickle: none ended, none was cut off to make room.
        const statuses = await Promise.all(
          installs.map(
            async (id) =>
              (await callJson(quire.url, 'GET', `/api/v1/jobs/${id}`, undefined, mallory.auth)).body.status,
          ),
        )
        expect(statuses.filter((status) => status === 'running').length).toBeGreaterThanOrEqual(2)
        expect(statuses.every((status) => status === 'running' || status === 'pending')).toBe(true)
        expect(ollama.closedPulls).toEqual([])
      },
      scaledTimeout(120_000),
    )
  })
}

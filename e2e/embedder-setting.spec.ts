import { expect, test } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { openApp } from './support/openApp'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const server = `http://127.0.0.1:${SYNC_PORT}`
const MODEL_ID = 'quire-tiny-embedder'

const NOTES = `# Harbour survey

## Tides

The spring tide at the northern jetty reached 4.2 metres on the third morning.

## Birds

A pair of oystercatchers nested above the high-water line and raised two chicks.
`

// The person picks a transformers.js model in settings: documents processed from then on are embedded
// with it in the browser's ingest worker (model files from the sync server's MODELS_DIR, served at
// /models/), their vectors say so, and queries are embedded with the same model.
test('choosing a model embedder in the browser embeds new documents and queries with it', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(120_000))
  await openApp(page, `${server}/`)
  const outcome = await page.evaluate(
    async ({ modelId, notes, limitMs }) => {
      const json = async (response: Response) => ({ status: response.status, body: await response.json() })
      const send = (method: string, path: string, body: unknown) =>
        fetch(path, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }).then(json)
      const chosen = await send('PUT', '/api/settings', { embedder: { id: modelId } })
      try {
        const collection = await send('POST', '/api/collections/', {
          name: 'Model',
          description: 'tiny model',
        })
        const form = new FormData()
        form.set('collection_id', collection.body.id)
        form.set('file', new File([notes], 'harbour.md', { type: 'text/markdown' }))
        const uploaded = await json(await fetch('/api/documents/', { method: 'POST', body: form }))
        let document = uploaded.body
        const deadline = Date.now() + limitMs
        while (document.status === 'processing' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 250))
          document = (await json(await fetch(`/api/documents/${document.id}`))).body
        }
        const search = await send('POST', '/api/search_u/', {
          query: 'oystercatchers nested',
          collection_id: collection.body.id,
        })
        return { chosen, uploaded, document, search }
      } finally {
        await send('PUT', '/api/settings', { embedder: { id: 'hash-v1' } })
      }
    },
    // Measured here, in Node: the function above runs in the page, which has no scaledTimeout.
    { modelId: MODEL_ID, notes: NOTES, limitMs: scaledTimeout(90_000) },
  )
  expect(outcome.chosen.status).toBe(200)
  expect(outcome.chosen.body.embedder.id).toBe(MODEL_ID)
  expect(outcome.uploaded.status).toBe(201)
  expect(outcome.document.status, JSON.stringify(outcome.document.metadata)).toBe('completed')
  expect(outcome.document.metadata.embedder).toBe(MODEL_ID)
  expect(outcome.search.status).toBe(200)
  expect(outcome.search.body.metadata.search_method).toBe('hybrid')
  expect(outcome.search.body.metadata.embedder).toBe(MODEL_ID)
  expect(outcome.search.body.chunks[0].content).toContain('oystercatchers')
})

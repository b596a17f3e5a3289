import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeTinyModel, TINY_MODEL_DIMENSIONS } from '../../scripts/makeTinyModel.mjs'
import type { DocumentRecord } from '../../web/core/store/DocumentRecord'
import { startServer, type RunningServer } from '../src/startServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'
import { pollUntil } from './pollUntil'

const MODEL_ID = 'quire-tiny-embedder'

// The server configured with a transformers.js model from a self-hosted folder (no download):
// documents are embedded with it, vectors record its id, and the folder is served at /models/.
describe('a server configured with a transformers.js embedder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-model-data-'))
  const modelsDir = mkdtempSync(join(tmpdir(), 'quire-models-'))
  let server: RunningServer

  beforeAll(async () => {
    await makeTinyModel(join(modelsDir, MODEL_ID))
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      singleUser: true,
      embedder: { id: MODEL_ID, modelsDir, allowRemote: false, cacheDir: join(dataDir, 'models-cache') },
    })
  }, scaledTimeout(60_000))
  afterAll(async () => {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(modelsDir, { recursive: true, force: true })
  })

  it('embeds uploads with the model and records its id', { timeout: scaledTimeout(90_000) }, async () => {
    const collection = (await (
      await fetch(`${server.url}/api/collections/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Model', description: 'Embedded with a model' }),
      })
    ).json()) as { id: string }
    const form = new FormData()
    form.append('collection_id', collection.id)
    form.append(
      'file',
      new Blob(['# Notes\n\nThe river froze early this year and the ferry stopped running.\n']),
      'notes.md',
    )
    const uploaded = (await (
      await fetch(`${server.url}/api/documents/`, { method: 'POST', body: form })
    ).json()) as DocumentRecord
    await server.idle()
    const document = (await (
      await fetch(`${server.url}/api/documents/${uploaded.id}`)
    ).json()) as DocumentRecord
    expect(document.status, JSON.stringify(document.metadata)).toBe('completed')
    expect(document.metadata.embedder).toBe(MODEL_ID)
  })

  it('serves the model folder to browsers, and nothing outside it', async () => {
    const config = await fetch(`${server.url}/models/${MODEL_ID}/config.json`)
    expect(config.status).toBe(200)
    expect(((await config.json()) as { hidden_size: number }).hidden_size).toBe(TINY_MODEL_DIMENSIONS)
    expect((await fetch(`${server.url}/models/${MODEL_ID}/missing.json`)).status).toBe(404)
    expect((await fetch(`${server.url}/models/..%2f..%2fetc%2fpasswd`)).status).toBe(404)
  })

  it('says a missing model is missing without a server path (issue 31, item 11)', async () => {
    const put = (id: string) =>
      fetch(`${server.url}/api/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ embedder: { id } }),
      })
    expect((await put('Xenova/no-such-model')).status).toBe(200)
    try {
      expect((await fetch(`${server.url}/api/settings/embedder/load`, { method: 'POST' })).status).toBe(202)
      let status: { error: string | null } = { error: null }
      await pollUntil(
        'the load fails',
        async () => {
          status = (await (await fetch(`${server.url}/api/settings/embedder-status`)).json()) as typeof status
          return status.error !== null
        },
        10_000,
        100,
      )
      expect(status.error).toBe(
        'The model Xenova/no-such-model is not in the server’s model folder (MODELS_DIR), and downloading models is off (ALLOW_REMOTE_MODELS=1 turns it on)',
      )
      expect(JSON.stringify(status)).not.toContain(modelsDir)
    } finally {
      await put(MODEL_ID)
    }
  })
})

import type { ChatMessage } from '../../store/ChatMessage'
import type { ChatSession } from '../../store/ChatSession'
import { readSse } from '../../http/readSse'
import { check, checkEqual } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { expectStatus } from './contractFixtures'
import { responseJson } from './responseJson'

/** Nothing listens on port 9 (discard) on a test machine: connections are refused at once. */
const DEAD_ENDPOINT = 'http://127.0.0.1:9'

interface SettingsView {
  embedder: { id: string }
  generator: { kind: string; has_api_key?: boolean }
  ocr_languages: string[]
}

async function put(client: ContractClient, json: unknown) {
  return client({ method: 'PUT', path: '/api/settings', json })
}

/** Runs `body` with other settings in place, and restores the ones before it whatever happens. */
async function withSettings(client: ContractClient, json: unknown, body: () => Promise<void>) {
  const before = responseJson<SettingsView>(await client({ method: 'GET', path: '/api/settings' }))
  try {
    checkEqual((await put(client, json)).status, 200, 'settings changed')
    await body()
  } finally {
    await put(client, { embedder: before.embedder, generator: { kind: 'extractive' } })
  }
}

export const settingsContract: HostCase<ContractClient>[] = [
  {
    name: 'GET and PUT /api/settings choose the generator; API keys are never sent back',
    async run(client) {
      const current = responseJson<SettingsView>(await client({ method: 'GET', path: '/api/settings' }))
      check(typeof current.embedder?.id === 'string', 'an embedder id')
      check(typeof current.generator?.kind === 'string', 'a generator kind')
      await withSettings(
        client,
        {
          generator: { kind: 'openai', base_url: 'http://127.0.0.1:9/v1', model: 'm', api_key: 'sk-secret' },
        },
        async () => {
          const shown = await client({ method: 'GET', path: '/api/settings' })
          check(!shown.text.includes('sk-secret'), 'the key is not shown')
          checkEqual(responseJson<SettingsView>(shown).generator.has_api_key, true, 'has_api_key')
        },
      )
      const status = responseJson<{ generator: string; progress: unknown }>(
        await client({ method: 'GET', path: '/api/settings/generator-status' }),
      )
      checkEqual(status, { generator: 'extractive', progress: null }, 'the extractive answerer loads nothing')
      const restored = responseJson<SettingsView>(await client({ method: 'GET', path: '/api/settings' }))
      checkEqual(restored.generator, { kind: 'extractive' }, 'restored')

      expectStatus(await put(client, { generator: { kind: 'magic' } }), 400, 'generator')
      // Only http(s) URLs, on both hosts: the server fetches them (DESIGN.md section 10).
      for (const base_url of ['ftp://x', 'file:///etc/passwd', 'javascript:alert(1)']) {
        expectStatus(
          await put(client, { generator: { kind: 'ollama', base_url, model: 'm' } }),
          400,
          'generator.base_url',
        )
      }
      expectStatus(await put(client, { generator: { kind: 'ollama', base_url: 'http://x' } }), 400, 'model')
      expectStatus(await put(client, { embedder: { id: '../../etc' } }), 400, 'embedder')
      expectStatus(await put(client, { colour: 'red' }), 400, 'colour')
    },
  },
  {
    name: 'an unreachable generator: test-generator says why, chat answers 502 and stores nothing',
    async run(client) {
      const ollama = { kind: 'ollama', base_url: DEAD_ENDPOINT, model: 'llama3.2' }
      const tested = await client({
        method: 'POST',
        path: '/api/settings/test-generator',
        json: { generator: ollama },
      })
      checkEqual(tested.status, 200, 'test status')
      const outcome = responseJson<{ ok: boolean; detail: string }>(tested)
      checkEqual(outcome.ok, false, 'not ok')
      check(outcome.detail.includes('127.0.0.1:9'), `detail names the endpoint: ${outcome.detail}`)
      const extractive = responseJson<{ ok: boolean }>(
        await client({
          method: 'POST',
          path: '/api/settings/test-generator',
          json: { generator: { kind: 'extractive' } },
        }),
      )
      checkEqual(extractive.ok, true, 'extractive needs nothing')

      const session = responseJson<ChatSession>(
        await client({ method: 'POST', path: '/api/chat/sessions', json: { name: 'Dead endpoint' } }),
      )
      await withSettings(client, { generator: ollama }, async () => {
        const reply = await client({
          method: 'POST',
          path: '/api/chat/message',
          json: { session_id: session.id, message: 'What is in my documents?' },
        })
        expectStatus(reply, 502, '127.0.0.1:9')
        const stream = await client({
          method: 'POST',
          path: '/api/chat/stream',
          json: { session_id: session.id, message: 'What is in my documents?' },
        })
        checkEqual(stream.status, 200, 'the stream starts')
        const events = []
        for await (const event of readSse(new Response(stream.text).body!)) events.push(event)
        const last = events.at(-1)
        checkEqual(last?.event, 'error', 'and ends with an error event')
        const data = JSON.parse(last!.data) as { detail: string; status: number }
        checkEqual(data.status, 502, 'error status')
        check(data.detail.includes('127.0.0.1:9'), `error detail: ${data.detail}`)
      })
      const messages = responseJson<ChatMessage[]>(
        await client({ method: 'GET', path: `/api/chat/messages?session_id=${session.id}` }),
      )
      checkEqual(messages, [], 'a failed turn stores nothing')
    },
  },
  {
    name: 'the embedder download: hash-v1 has nothing to load (409), and its status says so',
    async run(client) {
      await withSettings(client, { embedder: { id: 'hash-v1' } }, async () => {
        const load = await client({ method: 'POST', path: '/api/settings/embedder/load', json: {} })
        expectStatus(load, 409, 'hash-v1')
        const status = responseJson<unknown>(
          await client({ method: 'GET', path: '/api/settings/embedder-status' }),
        )
        checkEqual(status, { embedder: 'hash-v1', progress: null, error: null }, 'nothing loads')
      })
    },
  },
  {
    name: 'ocr_languages: English by default, any set of the shipped languages round-trips, others are refused',
    async run(client) {
      const read = async () =>
        responseJson<SettingsView>(await client({ method: 'GET', path: '/api/settings' })).ocr_languages
      checkEqual(await read(), ['eng'], 'English by default')
      try {
        // Stored in one order (the shipped list's) whatever order it was chosen in: one engine per set.
        const chosen = responseJson<SettingsView>(await put(client, { ocr_languages: ['fra', 'eng', 'fra'] }))
        checkEqual(chosen.ocr_languages, ['eng', 'fra'], 'the PUT answers the set')
        checkEqual(await read(), ['eng', 'fra'], 'and it is kept')
        checkEqual((await put(client, { ocr_languages: ['fra'] })).status, 200, 'French alone')
        checkEqual(await read(), ['fra'], 'French alone is kept')
        checkEqual(
          responseJson<SettingsView>(await put(client, { generator: { kind: 'extractive' } })).ocr_languages,
          ['fra'],
          'left out of a PUT, it keeps its value',
        )
        for (const ocr_languages of [['deu'], ['eng', 'klingon'], [], 'eng']) {
          const refused = await put(client, { ocr_languages })
          expectStatus(refused, 400, 'ocr_languages')
          if (Array.isArray(ocr_languages) && ocr_languages.length > 0) {
            check(refused.text.includes('eng, fra'), `the accepted ones are listed: ${refused.text}`)
          }
        }
        checkEqual(await read(), ['fra'], 'a refused PUT changes nothing')
      } finally {
        await put(client, { ocr_languages: ['eng'] })
      }
    },
  },
]

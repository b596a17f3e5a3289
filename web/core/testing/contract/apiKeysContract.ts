import { check, checkEqual } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { expectStatus } from './contractFixtures'
import { uniqueSuffix } from './expectValidationIssue'
import { responseJson } from './responseJson'

const KEY = 'sk-contract-key-7d2e91c4'
const OTHER_KEY = 'sk-contract-other-5b3f0a86'
const INSTANCES = '/api/v1/settings/instances'

type Generator = Record<string, unknown>
type Instance = { id: string; value: Record<string, unknown> }

async function putGenerator(client: ContractClient, generator: unknown): Promise<Generator> {
  const response = await client({ method: 'PUT', path: '/api/settings', json: { generator } })
  expectStatus(response, 200)
  check(!response.text.includes(KEY) && !response.text.includes(OTHER_KEY), 'no key in the answer')
  return responseJson<{ generator: Generator }>(response).generator
}

async function writeInstance(client: ContractClient, method: string, path: string, json: unknown) {
  const response = await client({ method, path, json })
  check(response.status < 300, `${method} ${path}: ${response.status} ${response.text}`)
  check(!response.text.includes(KEY) && !response.text.includes(OTHER_KEY), 'no key in the answer')
  return responseJson<Instance>(response)
}

/** API keys are write-only on both hosts: every read masks them, a masked re-save keeps them. */
export const apiKeysContract: HostCase<ContractClient>[] = [
  {
    name: 'PUT /api/settings: the key shows as has_api_key and its last four; masked or left out it stays, "" removes it, another URL drops it',
    async run(client) {
      const endpoint = { kind: 'openai', base_url: 'http://127.0.0.1:9/v1', model: 'm' }
      try {
        const saved = await putGenerator(client, { ...endpoint, api_key: KEY })
        checkEqual([saved.has_api_key, saved.api_key_hint], [true, '…91c4'], 'has_api_key and the hint')
        checkEqual(saved.uses_server_key, false, 'no server key for this endpoint')
        const read = await client({ method: 'GET', path: '/api/settings' })
        check(!read.text.includes(KEY), 'GET never shows the key')

        const resaved = await putGenerator(client, { ...endpoint, api_key: '…91c4' })
        checkEqual(resaved.api_key_hint, '…91c4', 'the masked value keeps the key')
        checkEqual(
          (await putGenerator(client, { ...endpoint, model: 'n' })).api_key_hint,
          '…91c4',
          'left out',
        )
        checkEqual(
          (await putGenerator(client, { ...endpoint, api_key: OTHER_KEY })).api_key_hint,
          '…0a86',
          'a new key replaces it',
        )
        checkEqual(
          (await putGenerator(client, { ...endpoint, api_key: '…91c4' })).has_api_key,
          false,
          'a mask of another key is no key',
        )
        await putGenerator(client, { ...endpoint, api_key: KEY })
        checkEqual(
          (await putGenerator(client, { ...endpoint, api_key: '' })).has_api_key,
          false,
          '"" removes it',
        )
        await putGenerator(client, { ...endpoint, api_key: KEY })
        const moved = await putGenerator(client, { ...endpoint, base_url: 'http://127.0.0.1:10/v1' })
        checkEqual(moved.has_api_key, false, 'the key does not follow another URL')
      } finally {
        await client({ method: 'PUT', path: '/api/settings', json: { generator: { kind: 'extractive' } } })
      }
    },
  },
  {
    name: 'Setting instances: keys at any depth read masked with _has_key and _key_valid; a masked re-save keeps them, "" clears, a moved server loses its key',
    async run(client) {
      const definition = `contract.keys.${uniqueSuffix()}`
      expectStatus(
        await client({
          method: 'POST',
          path: '/api/v1/settings/definitions',
          json: { id: definition, name: 'Keys', category: 'ai', type: 'object' },
        }),
        201,
      )
      const value = {
        api_key: KEY,
        servers: [
          { id: 's1', serverAddress: 'http://127.0.0.1:11434', apiKey: OTHER_KEY },
          { id: 's2', serverAddress: 'http://127.0.0.1:11435', apiKey: '' },
        ],
      }
      const created = await writeInstance(client, 'POST', INSTANCES, { definition_id: definition, value })
      const masked = {
        api_key: '…91c4',
        _has_key: true,
        _key_valid: true,
        servers: [
          {
            id: 's1',
            serverAddress: 'http://127.0.0.1:11434',
            apiKey: '…0a86',
            _has_key: true,
            _key_valid: true,
          },
          {
            id: 's2',
            serverAddress: 'http://127.0.0.1:11435',
            apiKey: '',
            _has_key: false,
            _key_valid: false,
          },
        ],
      }
      checkEqual(created.value, masked, 'POST answers the value masked')
      const path = `${INSTANCES}/${created.id}`
      for (const read of [
        await client({ method: 'GET', path }),
        await client({ method: 'GET', path: `${INSTANCES}?definition_id=${definition}` }),
      ]) {
        check(!read.text.includes(KEY) && !read.text.includes(OTHER_KEY), 'reads never show a key')
      }
      checkEqual(responseJson<Instance>(await client({ method: 'GET', path })).value, masked, 'GET one')

      const resaved = await writeInstance(client, 'PUT', path, { value: created.value })
      checkEqual(resaved.value, masked, 'what was read, sent back, keeps every key')
      const servers = masked.servers.map((server) =>
        server.id === 's1' ? { ...server, serverAddress: 'http://127.0.0.1:9' } : server,
      )
      const moved = await writeInstance(client, 'PATCH', path, { value: { api_key: '', servers } })
      checkEqual(
        moved.value,
        {
          api_key: '',
          _has_key: false,
          _key_valid: false,
          servers: [
            { id: 's1', serverAddress: 'http://127.0.0.1:9' },
            {
              id: 's2',
              serverAddress: 'http://127.0.0.1:11435',
              apiKey: '',
              _has_key: false,
              _key_valid: false,
            },
          ],
        },
        '"" clears; a moved server loses its key',
      )
      expectStatus(await client({ method: 'DELETE', path }), 204)
      expectStatus(
        await client({ method: 'DELETE', path: `/api/v1/settings/definitions/${definition}` }),
        204,
      )
    },
  },
]

import type { Collection } from '../../store/Collection'
import { check, checkEqual, checkMatch, checkNewRecord, TIMESTAMP_MS_Z } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient, ContractRequest } from './ContractClient'
import { responseJson } from './responseJson'

const BASE = '/api/collections/'
const UNKNOWN_ID = '3f0c9c1e-5b7a-4d2e-9f43-1a2b3c4d5e6f'

let serial = 0
function uniqueName(label: string): string {
  serial += 1
  return `${label} ${Date.now().toString(36)}-${serial}`
}

async function create(client: ContractClient, fields: Record<string, unknown> = {}): Promise<Collection> {
  const response = await client({
    method: 'POST',
    path: BASE,
    json: { name: uniqueName('Contract'), description: 'Made by the contract suite', ...fields },
  })
  checkEqual(response.status, 201, `create status (body ${response.text})`)
  return responseJson<Collection>(response)
}

/** Asserts a 400 whose detail names `field`. */
async function expectBadRequest(client: ContractClient, request: ContractRequest, field: string) {
  const response = await client(request)
  checkEqual(response.status, 400, `status for ${JSON.stringify(request.json ?? request.raw)}`)
  const detail = responseJson(response).detail
  check(
    typeof detail === 'string' && detail.includes(field),
    `detail ${JSON.stringify(detail)} names ${field}`,
  )
}

async function expectNotFound(client: ContractClient, request: ContractRequest) {
  const response = await client(request)
  checkEqual(response.status, 404, `status of ${request.method} ${request.path}`)
  checkEqual(typeof responseJson(response).detail, 'string', 'detail')
}

function checkCollectionShape(collection: Collection) {
  checkNewRecord(collection)
  checkMatch(collection.updated_at, TIMESTAMP_MS_Z, 'updated_at')
  checkEqual(
    Object.keys(collection).sort(),
    ['color', 'created_at', 'description', 'document_count', 'id', 'name', 'processed_count', 'updated_at'],
    'fields',
  )
}

const invalidBodies: Array<[string, unknown, string]> = [
  ['a missing name', { description: 'd' }, 'name'],
  ['a missing description', { name: 'n' }, 'description'],
  ['an empty name', { name: '', description: 'd' }, 'name'],
  ['a whitespace-only name', { name: '   ', description: 'd' }, 'name'],
  ['an empty description', { name: 'n', description: '' }, 'description'],
  ['a numeric name', { name: 42, description: 'd' }, 'name'],
  ['an object description', { name: 'n', description: { text: 'd' } }, 'description'],
  ['a colour name instead of hex', { name: 'n', description: 'd', color: 'red' }, 'color'],
  ['a short hex colour', { name: 'n', description: 'd', color: '#abc' }, 'color'],
  ['a numeric colour', { name: 'n', description: 'd', color: 0xffffff }, 'color'],
  ['an array body', [{ name: 'n', description: 'd' }], 'body'],
  ['a null body', null, 'body'],
  ['a string body', 'name=n', 'body'],
]

export const collectionsContract: HostCase<ContractClient>[] = [
  {
    name: 'POST creates a collection: 201, UUID v4, ms timestamps, document_count and processed_count 0',
    async run(client) {
      const name = uniqueName('Created')
      const response = await client({
        method: 'POST',
        path: BASE,
        json: { name, description: 'First', color: '#1A2b3C' },
      })
      checkEqual(response.status, 201, 'status')
      const collection = responseJson<Collection>(response)
      checkCollectionShape(collection)
      checkEqual(collection.name, name, 'name')
      checkEqual(collection.description, 'First', 'description')
      checkEqual(collection.color, '#1A2b3C', 'color')
      checkEqual(collection.document_count, 0, 'document_count')
      checkEqual(collection.processed_count, 0, 'processed_count')
      checkEqual(collection.updated_at, collection.created_at, 'updated_at of a new collection')
      checkEqual((await create(client)).color, null, 'color when none is given')
      // Unknown fields are ignored, as pydantic ignores them (BrainDrive's plugin sends whole objects).
      const extra = await client({
        method: 'POST',
        path: BASE,
        json: { name: uniqueName('Extra'), description: 'd', colour: '#ffffff', document_count: 9 },
      })
      checkEqual(extra.status, 201, 'status with unknown fields')
      checkEqual(
        responseJson<Collection>(extra).document_count,
        0,
        'document_count is not taken from the body',
      )
    },
  },
  {
    // Scripts written for BrainDrive's FastAPI service rely on its redirects between the two spellings.
    name: 'a path that differs only by its trailing slash is answered as the written one',
    async run(client) {
      const name = uniqueName('No slash')
      const created = await client({
        method: 'POST',
        path: '/api/collections',
        json: { name, description: 'From a script' },
      })
      checkEqual(created.status, 201, `POST /api/collections status (body ${created.text})`)
      const { id } = responseJson<Collection>(created)
      const got = await client({ method: 'GET', path: `${BASE}${id}/` })
      checkEqual(got.status, 200, 'GET /api/collections/{id}/ status')
      checkEqual(responseJson<Collection>(got).name, name, 'name read at the twin path')
      const listed = await client({ method: 'GET', path: '/api/collections' })
      checkEqual(listed.status, 200, 'GET /api/collections status')
      check(
        responseJson<Collection[]>(listed).some((collection) => collection.id === id),
        'GET /api/collections lists it',
      )
      // The search route's own validation answers, not the 404 of a path no route has.
      await expectBadRequest(client, { method: 'POST', path: '/api/search_u', json: {} }, 'query')
    },
  },
  {
    name: 'GET lists collections newest first',
    async run(client) {
      const older = await create(client)
      const newer = await create(client)
      const response = await client({ method: 'GET', path: BASE })
      checkEqual(response.status, 200, 'status')
      const ids = responseJson<Collection[]>(response).map((c) => c.id)
      check(ids.includes(older.id) && ids.includes(newer.id), 'both collections are listed')
      check(ids.indexOf(newer.id) < ids.indexOf(older.id), 'the newer collection comes first')
    },
  },
  {
    name: 'GET one returns the collection; unknown and malformed ids answer 404',
    async run(client) {
      const created = await create(client)
      const response = await client({ method: 'GET', path: BASE + created.id })
      checkEqual(response.status, 200, 'status')
      checkEqual(responseJson<Collection>(response), created, 'collection')
      await expectNotFound(client, { method: 'GET', path: BASE + UNKNOWN_ID })
      await expectNotFound(client, { method: 'GET', path: BASE + 'not-a-uuid' })
      await expectNotFound(client, { method: 'GET', path: BASE + "1'%20OR%201=1" })
    },
  },
  {
    name: 'PUT changes the given fields and moves updated_at',
    async run(client) {
      const created = await create(client, { color: '#000000' })
      const response = await client({ method: 'PUT', path: BASE + created.id, json: { name: 'Renamed' } })
      checkEqual(response.status, 200, 'status')
      const updated = responseJson<Collection>(response)
      checkCollectionShape(updated)
      checkEqual(updated.name, 'Renamed', 'name')
      checkEqual(updated.description, created.description, 'description kept')
      checkEqual(updated.color, '#000000', 'color kept')
      checkEqual(updated.created_at, created.created_at, 'created_at kept')
      check(updated.updated_at > created.updated_at, `updated_at moves: ${updated.updated_at}`)
      const cleared = await client({ method: 'PUT', path: BASE + created.id, json: { color: null } })
      checkEqual(responseJson<Collection>(cleared).color, null, 'color removed with null')
      const again = await client({ method: 'GET', path: BASE + created.id })
      checkEqual(responseJson<Collection>(again).name, 'Renamed', 'update persisted')
    },
  },
  {
    name: 'PUT rejects invalid fields with 400 and leaves the collection unchanged',
    async run(client) {
      const created = await create(client)
      const path = BASE + created.id
      await expectBadRequest(client, { method: 'PUT', path, json: { name: '' } }, 'name')
      await expectBadRequest(client, { method: 'PUT', path, json: { description: '' } }, 'description')
      await expectBadRequest(client, { method: 'PUT', path, json: { color: '#GGGGGG' } }, 'color')
      await expectBadRequest(client, { method: 'PUT', path, raw: '{"name": "x",' }, 'JSON')
      const after = await client({ method: 'GET', path })
      checkEqual(responseJson<Collection>(after), created, 'collection unchanged')
      // Unknown or read-only fields are ignored, as pydantic ignores them: the id stays.
      const renamed = await client({ method: 'PUT', path, json: { name: 'ok', id: UNKNOWN_ID } })
      checkEqual(renamed.status, 200, 'status with an id in the body')
      checkEqual(responseJson<Collection>(renamed).id, created.id, 'the id is not taken from the body')
    },
  },
  {
    name: 'PUT and DELETE of unknown or malformed ids answer 404',
    async run(client) {
      await expectNotFound(client, { method: 'PUT', path: BASE + UNKNOWN_ID, json: { name: 'x' } })
      await expectNotFound(client, { method: 'PUT', path: BASE + 'nope', json: { name: 'x' } })
      await expectNotFound(client, { method: 'DELETE', path: BASE + UNKNOWN_ID })
      await expectNotFound(client, { method: 'DELETE', path: BASE + 'nope' })
    },
  },
  {
    name: 'DELETE answers 204 with an empty body, then the collection is gone',
    async run(client) {
      const created = await create(client)
      const response = await client({ method: 'DELETE', path: BASE + created.id })
      checkEqual(response.status, 204, 'status')
      checkEqual(response.text, '', 'body')
      await expectNotFound(client, { method: 'GET', path: BASE + created.id })
      await expectNotFound(client, { method: 'DELETE', path: BASE + created.id })
      const list = responseJson<Collection[]>(await client({ method: 'GET', path: BASE }))
      check(!list.some((c) => c.id === created.id), 'deleted collection is not listed')
    },
  },
  {
    name: 'POST rejects invalid bodies with 400 naming the field, never 500',
    async run(client) {
      for (const [, json, field] of invalidBodies) {
        await expectBadRequest(client, { method: 'POST', path: BASE, json }, field)
      }
    },
  },
  {
    name: 'POST rejects malformed, empty and non-JSON bodies with 400',
    async run(client) {
      const before = responseJson<Collection[]>(await client({ method: 'GET', path: BASE })).length
      const json = { 'content-type': 'application/json' }
      await expectBadRequest(
        client,
        { method: 'POST', path: BASE, raw: '{"name": "n", ', headers: json },
        'JSON',
      )
      await expectBadRequest(
        client,
        { method: 'POST', path: BASE, raw: "{'name': 'n'}", headers: json },
        'JSON',
      )
      await expectBadRequest(client, { method: 'POST', path: BASE, raw: '', headers: json }, 'body')
      await expectBadRequest(
        client,
        {
          method: 'POST',
          path: BASE,
          raw: 'name=n&description=d',
          headers: { 'content-type': 'text/plain' },
        },
        'JSON',
      )
      const after = responseJson<Collection[]>(await client({ method: 'GET', path: BASE })).length
      checkEqual(after, before, 'no collection created by rejected requests')
    },
  },
  {
    name: 'names are trimmed and any Unicode text is kept exactly',
    async run(client) {
      const text = 'Quire — ünïcödé 📚 中文 "quoted" <b>not html</b>'
      const created = await create(client, { name: `  ${text}  `, description: text })
      checkEqual(created.name, text, 'trimmed name')
      const read = responseJson<Collection>(await client({ method: 'GET', path: BASE + created.id }))
      checkEqual(read.description, text, 'description')
    },
  },
]

import { check, checkEqual, checkMatch, TIMESTAMP_MS_Z, UUID_V4 } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { expectStatus, UNKNOWN_ID } from './contractFixtures'
import { expectValidationIssue, uniqueSuffix } from './expectValidationIssue'
import { responseJson } from './responseJson'

const DEFS = '/api/v1/settings/definitions'
const INSTANCES = '/api/v1/settings/instances'

type Definition = Record<string, unknown> & { id: string; allowed_scopes: string[] }
type Instance = Record<string, unknown> & { id: string; value: unknown; scope: string }

async function createDefinition(
  client: ContractClient,
  fields: Record<string, unknown> = {},
): Promise<Definition> {
  const response = await client({
    method: 'POST',
    path: DEFS,
    json: {
      id: `contract.${uniqueSuffix()}`,
      name: 'Theme',
      category: 'appearance',
      type: 'string',
      ...fields,
    },
  })
  expectStatus(response, 201)
  return responseJson<Definition>(response)
}

async function createInstance(client: ContractClient, fields: Record<string, unknown>): Promise<Instance> {
  const response = await client({ method: 'POST', path: INSTANCES, json: fields })
  expectStatus(response, 201)
  return responseJson<Instance>(response)
}

async function createPage(client: ContractClient): Promise<{ id: string }> {
  const response = await client({
    method: 'POST',
    path: '/api/v1/pages',
    json: { name: 'Settings page', route: `/settings-${uniqueSuffix()}` },
  })
  expectStatus(response, 201)
  return responseJson<{ id: string }>(response)
}

export const platformSettingsContract: HostCase<ContractClient>[] = [
  {
    name: 'Setting definitions: POST creates with defaults, the client id is unique (409), GET lists and filters',
    async run(client) {
      const id = `contract.theme.${uniqueSuffix()}`
      const category = `cat-${uniqueSuffix()}`
      const created = await createDefinition(client, { id, category, default_value: 'dark' })
      checkEqual(created.id, id, 'id is the client’s')
      checkEqual(created.default_value, 'dark', 'default_value')
      checkEqual(created.allowed_scopes, ['user'], 'allowed_scopes default')
      checkEqual(created.is_multiple, false, 'is_multiple default')
      checkEqual(created.tags, [], 'tags default')
      checkEqual(created.description, '', 'description default')
      checkMatch(created.created_at, TIMESTAMP_MS_Z, 'created_at')
      expectStatus(
        await client({ method: 'POST', path: DEFS, json: { id, name: 'Again', category, type: 'string' } }),
        409,
      )
      const paged = await createDefinition(client, {
        category,
        type: 'number',
        allowed_scopes: ['page', 'system'],
      })

      const inCategory = responseJson<Definition[]>(
        await client({ method: 'GET', path: `${DEFS}?category=${category}` }),
      )
      checkEqual(
        inCategory.map((d) => d.id),
        [id, paged.id],
        'the category’s definitions, oldest first',
      )
      const pageScoped = responseJson<Definition[]>(
        await client({ method: 'GET', path: `${DEFS}?category=${category}&scope=page` }),
      )
      checkEqual(
        pageScoped.map((d) => d.id),
        [paged.id],
        'filtered by allowed scope',
      )
      const all = responseJson<Definition[]>(await client({ method: 'GET', path: DEFS }))
      check(all.some((d) => d.id === id) && all.some((d) => d.id === paged.id), 'unfiltered list has both')
      expectValidationIssue(await client({ method: 'GET', path: `${DEFS}?scope=galaxy` }), 'query.scope')
      const one = await client({ method: 'GET', path: `${DEFS}/${id}` })
      checkEqual(responseJson(one), created, 'GET one')
      expectStatus(
        await client({ method: 'GET', path: `${DEFS}/no-such-definition` }),
        404,
        'Setting definition not found',
      )
    },
  },
  {
    name: 'Setting definitions: 422 for a missing field, a wrong type, a default of the wrong type; unknown fields are ignored',
    async run(client) {
      const post = (json: unknown) => client({ method: 'POST', path: DEFS, json })
      const base = { id: `contract.bad.${uniqueSuffix()}`, name: 'Bad', category: 'c', type: 'string' }
      expectValidationIssue(await post({ ...base, name: undefined }), 'body.name')
      expectValidationIssue(await post({ ...base, type: 'date' }), 'body.type')
      expectValidationIssue(await post({ ...base, is_multiple: 'yes' }), 'body.is_multiple')
      expectValidationIssue(await post({ ...base, allowed_scopes: ['user', 'user'] }), 'body.allowed_scopes')
      expectValidationIssue(await post({ ...base, allowed_scopes: ['team'] }), 'body.allowed_scopes.0')
      // FastAPI ignores unknown fields (issue 15); BrainDrive's null optionals are its defaults.
      const lenient = responseJson<Definition>(
        await post({ ...base, id: `${base.id}.lenient`, colour: 'x', validation: null, tags: null }),
      )
      check(!('colour' in lenient), 'an unknown field is not stored')
      checkEqual([lenient.validation, lenient.tags], [{}, []], 'null optionals take their defaults')
      expectValidationIssue(await post({ ...base, id: 'has spaces' }), 'body.id')
      expectValidationIssue(await post({ ...base, default_value: 3 }), 'body.default_value')
      expectStatus(await client({ method: 'GET', path: `${DEFS}/${base.id}` }), 404)
    },
  },
  {
    name: 'Setting definitions: PATCH and PUT change given fields; type and used scopes are kept while instances exist; DELETE refuses with instances',
    async run(client) {
      const definition = await createDefinition(client, {
        type: 'number',
        allowed_scopes: ['user', 'system'],
      })
      const path = `${DEFS}/${definition.id}`
      const patched = responseJson<Definition>(
        await client({ method: 'PATCH', path, json: { name: 'Font size', tags: ['ui'] } }),
      )
      checkEqual(
        [patched.name, patched.tags, patched.type],
        ['Font size', ['ui'], 'number'],
        'patched fields',
      )
      check(String(patched.updated_at) >= String(definition.updated_at), 'updated_at moves')
      const put = responseJson<Definition>(
        await client({ method: 'PUT', path, json: { id: definition.id, description: 'Size' } }),
      )
      checkEqual([put.name, put.description], ['Font size', 'Size'], 'PUT is partial too')
      expectValidationIssue(await client({ method: 'PUT', path, json: { id: 'other' } }), 'body.id')
      expectValidationIssue(
        await client({ method: 'PATCH', path, json: { default_value: 'big' } }),
        'body.default_value',
      )
      expectStatus(
        await client({ method: 'PATCH', path: `${DEFS}/missing-${uniqueSuffix()}`, json: { name: 'x' } }),
        404,
      )

      const instance = await createInstance(client, {
        definition_id: definition.id,
        value: 14,
        scope: 'system',
      })
      expectStatus(await client({ method: 'PATCH', path, json: { type: 'string' } }), 409)
      expectStatus(await client({ method: 'PATCH', path, json: { allowed_scopes: ['user'] } }), 409)
      expectStatus(await client({ method: 'PATCH', path, json: { allowed_scopes: ['system', 'page'] } }), 200)
      expectStatus(await client({ method: 'DELETE', path }), 409, 'delete them first')
      expectStatus(await client({ method: 'DELETE', path: `${INSTANCES}/${instance.id}` }), 204)
      expectStatus(await client({ method: 'DELETE', path }), 204)
      expectStatus(await client({ method: 'GET', path }), 404)
      expectStatus(await client({ method: 'DELETE', path }), 404)
    },
  },
  {
    name: 'Setting instances: POST checks definition, scope, page and value; GET lists with filters; PUT/PATCH change the value; DELETE',
    async run(client) {
      const definition = await createDefinition(client, {
        type: 'number',
        allowed_scopes: ['user', 'page'],
        validation: { min: 1, max: 100 },
      })
      const userId = String(
        responseJson<{ id: string }>(await client({ method: 'GET', path: '/api/v1/auth/me' })).id,
      )
      let instance = await createInstance(client, { definition_id: definition.id, value: 12 })
      checkMatch(instance.id, UUID_V4, 'id')
      checkEqual(
        [
          instance.definition_id,
          instance.name,
          instance.value,
          instance.scope,
          instance.user_id,
          instance.page_id,
        ],
        [definition.id, definition.name, 12, 'user', userId, null],
        'instance fields (scope user, the caller, the definition’s name)',
      )
      // A second save for the same definition, scope and page saves over the first, as BrainDrive's does.
      const again = await client({
        method: 'POST',
        path: INSTANCES,
        json: { definition_id: definition.id, value: 13, user_id: 'current', scope: 'USER' },
      })
      expectStatus(again, 200)
      const upserted = responseJson<Instance>(again)
      checkEqual([upserted.id, upserted.value], [instance.id, 13], 'the same instance, saved over')
      instance = upserted

      const post = (json: Record<string, unknown>) =>
        client({ method: 'POST', path: INSTANCES, json: { definition_id: definition.id, value: 5, ...json } })
      // An unknown definition is made, as BrainDrive makes it, with the value's type.
      const madeId = `missing-${uniqueSuffix()}`
      expectStatus(await post({ definition_id: madeId }), 201)
      const made = responseJson<Definition>(await client({ method: 'GET', path: `${DEFS}/${madeId}` }))
      checkEqual([made.category, made.type, made.default_value], ['auto_generated', 'number', null], 'made')
      expectValidationIssue(await post({ scope: 'system' }), 'body.scope')
      expectValidationIssue(await post({ scope: 'page' }), 'body.page_id')
      expectValidationIssue(await post({ scope: 'page', page_id: UNKNOWN_ID }), 'body.page_id')
      expectValidationIssue(await post({ scope: 'user', page_id: UNKNOWN_ID }), 'body.page_id')
      expectValidationIssue(await post({ value: 'twelve' }), 'body.value')
      expectValidationIssue(await post({ value: 500 }), 'body.value')
      expectValidationIssue(await post({ value: undefined }), 'body.value')
      expectStatus(await post({ user_id: UNKNOWN_ID }), 403)
      expectValidationIssue(await post({ definition_id: undefined }), 'body.definition_id')

      const page = await createPage(client)
      const onPage = await createInstance(client, {
        definition_id: definition.id,
        value: 20,
        scope: 'page',
        page_id: page.id,
        name: 'Page size',
      })
      checkEqual(
        [onPage.scope, onPage.page_id, onPage.name],
        ['page', page.id, 'Page size'],
        'page-scoped instance',
      )
      const list = async (query: string) =>
        responseJson<Instance[]>(await client({ method: 'GET', path: `${INSTANCES}?${query}` })).map(
          (i) => i.id,
        )
      checkEqual(await list(`definition_id=${definition.id}`), [instance.id, onPage.id], 'by definition')
      checkEqual(await list(`definition_id=${definition.id}&scope=page`), [onPage.id], 'by scope')
      checkEqual(await list(`page_id=${page.id}`), [onPage.id], 'by page')
      checkEqual(
        await list(`definition_id=${definition.id}&user_id=${userId}`),
        [instance.id, onPage.id],
        'by user',
      )
      checkEqual(
        await list(`definition_id=${definition.id}&user_id=current`),
        [instance.id, onPage.id],
        'by user current',
      )
      expectStatus(
        await client({
          method: 'GET',
          path: `${INSTANCES}?definition_id=${definition.id}&user_id=${UNKNOWN_ID}`,
        }),
        403,
      )
      expectValidationIssue(
        await client({ method: 'GET', path: `${INSTANCES}?page_id=nope` }),
        'query.page_id',
      )

      const path = `${INSTANCES}/${instance.id}`
      checkEqual(responseJson(await client({ method: 'GET', path })), instance, 'GET one')
      const put = responseJson<Instance>(
        await client({ method: 'PUT', path, json: { value: 30, name: 'Renamed' } }),
      )
      checkEqual([put.value, put.name, put.scope], [30, 'Renamed', 'user'], 'PUT')
      const patched = responseJson<Instance>(await client({ method: 'PATCH', path, json: { value: 31 } }))
      checkEqual([patched.value, patched.name], [31, 'Renamed'], 'PATCH keeps the name')
      expectValidationIssue(await client({ method: 'PATCH', path, json: { name: 'x' } }), 'body.value')
      expectValidationIssue(await client({ method: 'PUT', path, json: { value: true } }), 'body.value')
      const kept = responseJson<Instance>(
        await client({ method: 'PUT', path, json: { value: 2, scope: 'page' } }),
      )
      checkEqual([kept.value, kept.scope], [2, 'user'], 'PUT ignores other fields (the scope stays)')
      expectStatus(
        await client({ method: 'PUT', path: `${INSTANCES}/${UNKNOWN_ID}`, json: { value: 2 } }),
        404,
        'Setting instance not found',
      )
      expectStatus(
        await client({ method: 'GET', path: `${INSTANCES}/not-a-uuid` }),
        404,
        'Setting instance not found',
      )

      expectStatus(await client({ method: 'DELETE', path: `/api/v1/pages/${page.id}` }), 204)
      checkEqual(
        await list(`definition_id=${definition.id}`),
        [instance.id],
        'deleting the page removed its settings',
      )
      expectStatus(await client({ method: 'DELETE', path }), 204)
      expectStatus(await client({ method: 'GET', path }), 404)
      expectStatus(await client({ method: 'DELETE', path }), 404)
    },
  },
  {
    name: 'Setting instances: a value sent as a JSON string (as BrainDrive’s clients send some) is stored parsed where the definition wants JSON',
    async run(client) {
      const objects = await createDefinition(client, { type: 'object' })
      const created = await createInstance(client, { definition_id: objects.id, value: '{"theme":"dark"}' })
      checkEqual(created.value, { theme: 'dark' }, 'parsed on create')
      const put = responseJson<Instance>(
        await client({
          method: 'PUT',
          path: `${INSTANCES}/${created.id}`,
          json: { value: '{"theme":"light"}' },
        }),
      )
      checkEqual(put.value, { theme: 'light' }, 'parsed on update')
      expectValidationIssue(
        await client({ method: 'PUT', path: `${INSTANCES}/${created.id}`, json: { value: 'not json' } }),
        'body.value',
      )
      const strings = await createDefinition(client, { type: 'string' })
      const text = await createInstance(client, { definition_id: strings.id, value: '{"kept":"as text"}' })
      checkEqual(text.value, '{"kept":"as text"}', 'a string setting keeps the text')
    },
  },
  {
    name: 'Setting instances: an is_multiple definition takes several instances in one scope',
    async run(client) {
      const definition = await createDefinition(client, { type: 'object', is_multiple: true })
      const first = await createInstance(client, { definition_id: definition.id, value: { url: 'http://a' } })
      const second = await createInstance(client, {
        definition_id: definition.id,
        value: { url: 'http://b' },
      })
      check(first.id !== second.id, 'two instances')
      checkEqual(second.value, { url: 'http://b' }, 'object value')
    },
  },
]

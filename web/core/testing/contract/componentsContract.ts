import { check, checkEqual, checkNewRecord } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { expectStatus, UNKNOWN_ID } from './contractFixtures'
import { expectValidationIssue, uniqueSuffix } from './expectValidationIssue'
import { responseJson } from './responseJson'

const BASE = '/api/v1/components'

type Component = Record<string, unknown> & { id: string; component_id: string }

async function create(client: ContractClient, fields: Record<string, unknown> = {}): Promise<Component> {
  const response = await client({
    method: 'POST',
    path: BASE,
    json: { name: 'Chart', component_id: `chart-${uniqueSuffix()}`, ...fields },
  })
  expectStatus(response, 201)
  return responseJson<Component>(response)
}

export const componentsContract: HostCase<ContractClient>[] = [
  {
    name: 'Components: POST with defaults, component_id unique (400), GET lists, 422s, unknown fields ignored',
    async run(client) {
      const component = await create(client, { description: 'A chart', icon: 'chart' })
      checkNewRecord(component)
      checkEqual(
        [component.description, component.icon, component.is_system],
        ['A chart', 'chart', false],
        'fields',
      )
      checkEqual((await create(client)).icon, null, 'icon default')
      expectStatus(
        await client({
          method: 'POST',
          path: BASE,
          json: { name: 'Twin', component_id: component.component_id },
        }),
        400,
        'already exists',
      )
      const list = responseJson<Component[]>(await client({ method: 'GET', path: BASE }))
      check(
        list.some((c) => c.id === component.id),
        'listed',
      )
      const post = (json: unknown) => client({ method: 'POST', path: BASE, json })
      expectValidationIssue(await post({ name: 'No id' }), 'body.component_id')
      expectValidationIssue(await post({ component_id: `x-${uniqueSuffix()}` }), 'body.name')
      expectValidationIssue(
        await post({ name: 'n', component_id: `x-${uniqueSuffix()}`, is_system: 'no' }),
        'body.is_system',
      )
      expectValidationIssue(await post({ name: 'n', component_id: 'has space' }), 'body.component_id')
      const kinded = await post({ name: 'n', component_id: `x-${uniqueSuffix()}`, kind: 'x' })
      expectStatus(kinded, 201)
      check(!('kind' in responseJson<Component>(kinded)), 'an unknown field is ignored, not stored')
    },
  },
  {
    name: 'Components: GET, PUT and DELETE by component_id (or record id); system components are not deleted',
    async run(client) {
      const component = await create(client)
      const path = `${BASE}/${component.component_id}`
      checkEqual(responseJson(await client({ method: 'GET', path })), component, 'GET by component_id')
      checkEqual(
        responseJson(await client({ method: 'GET', path: `${BASE}/${component.id}` })),
        component,
        'GET by id',
      )
      const updated = responseJson<Component>(
        await client({ method: 'PUT', path, json: { name: 'Bar chart', is_system: true } }),
      )
      checkEqual(
        [updated.name, updated.is_system, updated.component_id],
        ['Bar chart', true, component.component_id],
        'updated',
      )
      const other = await create(client)
      expectStatus(
        await client({ method: 'PUT', path, json: { component_id: other.component_id } }),
        400,
        'already exists',
      )
      expectValidationIssue(await client({ method: 'PUT', path, json: { name: '' } }), 'body.name')
      expectStatus(await client({ method: 'DELETE', path }), 400, 'system components')
      const renamedId = `renamed-${uniqueSuffix()}`
      const renamed = responseJson<Component>(
        await client({ method: 'PUT', path, json: { component_id: renamedId, is_system: false } }),
      )
      checkEqual(
        [renamed.id, renamed.component_id],
        [component.id, renamedId],
        'component_id changed, id kept',
      )
      expectStatus(await client({ method: 'GET', path }), 404, 'Component not found')
      expectStatus(await client({ method: 'DELETE', path: `${BASE}/${renamedId}` }), 204)
      expectStatus(await client({ method: 'GET', path: `${BASE}/${component.id}` }), 404)
      expectStatus(await client({ method: 'DELETE', path: `${BASE}/${renamedId}` }), 404)
      expectStatus(await client({ method: 'PUT', path: `${BASE}/${UNKNOWN_ID}`, json: { name: 'x' } }), 404)
      expectStatus(await client({ method: 'GET', path: `${BASE}/bad%20id` }), 404, 'Component not found')
    },
  },
]

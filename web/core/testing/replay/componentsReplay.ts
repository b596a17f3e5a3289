import type { ContractClient } from '../contract/ContractClient'
import { uniqueSuffix } from '../contract/expectValidationIssue'
import type { ReplayCase } from './ReplayCase'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

const SERVICE = 'BrainDriveAI/BrainDrive frontend/src/services/componentService.ts'
const NAV_INIT = 'BrainDriveAI/BrainDrive frontend/src/services/UserNavigationInitService.ts'
const ROUTE_DIALOG = 'BrainDriveAI/BrainDrive frontend/src/components/RouteManagementDialog.tsx'
const CORE_ROUTE_CONTENT = 'BrainDriveAI/BrainDrive-Core frontend/src/components/RouteContentRenderer.tsx'

const BASE = '/api/v1/components'

interface Component {
  id: string
  name: string
  component_id: string
  description: string | null
  icon: string | null
  is_system: boolean
  [field: string]: unknown
}

/** What the clients read of a component (the route dialog's picker, route content's switch). */
function expectComponent(value: unknown, where: string): Component {
  expectFields(
    value,
    {
      id: 'string',
      name: 'string',
      component_id: 'string',
      description: 'string|null',
      icon: 'string|null',
      is_system: 'boolean',
      user_id: 'string',
    },
    where,
  )
  return value as Component
}

/** `componentService.getComponents()`: the plain list, read as an array. */
async function listComponents(client: ContractClient): Promise<Component[]> {
  const answer = await replay(client, { method: 'GET', path: BASE }, 200)
  return expectArray(answer.body, `GET ${BASE}`).map((item, index) =>
    expectComponent(item, `component ${index}`),
  )
}

async function createComponent(client: ContractClient, json: Record<string, unknown>): Promise<Component> {
  const answer = await replay(client, { method: 'POST', path: BASE, json }, [200, 201])
  return expectComponent(answer.body, `POST ${BASE}`)
}

export const componentsReplay: ReplayCase[] = [
  {
    name: 'Components: route content finds a route’s default component by component_id in the plain list (a new profile’s system components)',
    sources: [
      `${SERVICE}:12`,
      `${SERVICE}:52-55`,
      `${CORE_ROUTE_CONTENT}:78`,
      `${ROUTE_DIALOG}:165`,
      `${NAV_INIT}:53`,
      `${NAV_INIT}:89`,
    ],
    async run(client) {
      const components = await listComponents(client)
      for (const key of ['dashboard', 'plugin-studio', 'settings', 'plugin-manager']) {
        const component = components.find((c) => c.component_id === key)
        check(
          component !== undefined,
          `a component "${key}" (${components.map((c) => c.component_id).join(', ')})`,
        )
        checkEqual(component!.is_system, true, `${key} is a system component`)
      }
    },
  },
  {
    name: 'Components: the init service creates a missing system component (no user_id), then finds it listed',
    sources: [`${NAV_INIT}:93`, `${SERVICE}:73`],
    async run(client) {
      const key = `dashboard-${uniqueSuffix()}`
      const created = await createComponent(client, {
        name: 'Dashboard',
        component_id: key,
        description: 'Your BrainDrive Dashboard',
        icon: 'Dashboard',
        is_system: true,
      })
      checkEqual([created.component_id, created.is_system], [key, true], 'created')
      check(
        (await listComponents(client)).some((c) => c.component_id === key),
        'listed',
      )
      const twin = await replay(client, {
        method: 'POST',
        path: BASE,
        json: { name: 'Twin', component_id: key },
      })
      checkEqual(twin.status, 400, 'a taken component_id answers 400, as the reference does')
    },
  },
  {
    name: 'Components: one component by its component_id',
    sources: [`${SERVICE}:32`],
    async run(client) {
      const answer = await replay(client, { method: 'GET', path: `${BASE}/settings` }, 200)
      checkEqual(
        expectComponent(answer.body, `GET ${BASE}/settings`).name,
        'Settings',
        'the settings component',
      )
    },
  },
  {
    name: 'Components: updating a component by its component_id',
    sources: [`${SERVICE}:84`],
    async run(client) {
      const created = await createComponent(client, {
        name: 'Chart',
        component_id: `chart-${uniqueSuffix()}`,
      })
      const path = `${BASE}/${created.component_id}`
      const answer = await replay(
        client,
        { method: 'PUT', path, json: { name: 'Bar chart', description: 'Bars', icon: 'BarChart' } },
        200,
      )
      const updated = expectComponent(answer.body, `PUT ${path}`)
      checkEqual(
        [updated.name, updated.description, updated.icon],
        ['Bar chart', 'Bars', 'BarChart'],
        'updated',
      )
    },
  },
  {
    name: 'Components: deleting a component by its component_id (204); a system component is refused (400)',
    sources: [`${SERVICE}:95`],
    async run(client) {
      const created = await createComponent(client, {
        name: 'Chart',
        component_id: `chart-${uniqueSuffix()}`,
      })
      await replay(client, { method: 'DELETE', path: `${BASE}/${created.component_id}` }, [200, 204])
      check(!(await listComponents(client)).some((c) => c.id === created.id), 'gone from the list')
      const system = await replay(client, { method: 'DELETE', path: `${BASE}/dashboard` })
      checkEqual(system.status, 400, 'system components are not deleted (400, as the reference)')
    },
  },
]

import type { ContractClient } from '../contract/ContractClient'
import { uniqueSuffix } from '../contract/expectValidationIssue'
import type { ReplayCase } from './ReplayCase'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

const CORE_SERVICE = 'BrainDriveAI/BrainDrive-Core frontend/src/services/navigationService.ts'
const CORE_SIDEBAR = 'BrainDriveAI/BrainDrive-Core frontend/src/components/PageNavigation.tsx'
const CORE_ROUTE_CONTENT = 'BrainDriveAI/BrainDrive-Core frontend/src/components/RouteContentRenderer.tsx'
const CORE_DYNAMIC_ROUTES = 'BrainDriveAI/BrainDrive-Core frontend/src/components/DynamicRoutes.tsx'
const ROUTE_DIALOG = 'BrainDriveAI/BrainDrive frontend/src/components/RouteManagementDialog.tsx'
const NAV_INIT = 'BrainDriveAI/BrainDrive frontend/src/services/UserNavigationInitService.ts'

const BASE = '/api/v1/navigation-routes'

/** BrainDrive's system routes, by path, with the component each shows (its navigation initializer). */
const SYSTEM_ROUTES = ['settings', 'personas', 'plugin-manager', 'plugin-studio']

interface NavRoute {
  id: string
  name: string
  route: string
  parent_id: string | null
  default_component_id: string | null
  default_page_id: string | null
  is_system_route: boolean
  is_visible: boolean
  is_expanded: boolean
  display_order: number
  order: number
  [field: string]: unknown
}
interface NavNode extends NavRoute {
  children: NavNode[]
}

/** What the web app reads of a route (sidebar, route content, route dialog). */
function expectRoute(value: unknown, where: string): NavRoute {
  expectFields(
    value,
    {
      id: 'string',
      name: 'string',
      route: 'string',
      icon: 'string|null',
      description: 'string|null',
      order: 'number',
      is_visible: 'boolean',
      is_system_route: 'boolean',
      default_component_id: 'string|null',
      default_page_id: 'string|null',
      can_change_default: 'boolean',
      creator_id: 'string',
      parent_id: 'string|null',
      display_order: 'number',
      is_collapsible: 'boolean',
      is_expanded: 'boolean',
    },
    where,
  )
  return value as NavRoute
}

function expectNode(value: unknown, where: string): NavNode {
  const node = expectRoute(value, where) as NavNode
  expectArray(node.children, `${where}.children`).forEach((child, index) =>
    expectNode(child, `${where}.children[${index}]`),
  )
  return node
}

/** `navigationService.getNavigationRoutes()`: the plain list, read as an array. */
async function listRoutes(client: ContractClient, query = ''): Promise<NavRoute[]> {
  const answer = await replay(client, { method: 'GET', path: `${BASE}${query}` }, 200)
  return expectArray(answer.body, `GET ${BASE}${query}`).map((item, index) =>
    expectRoute(item, `route ${index}`),
  )
}

/** The route dialog's "new route" form as it sends it (`route` made from the name: no leading slash). */
function dialogRoute(fields: Record<string, unknown> = {}): Record<string, unknown> {
  const route = `projects-${uniqueSuffix()}`
  return {
    name: `Projects ${route}`,
    route,
    icon: 'Folder',
    description: '',
    order: 0,
    is_visible: true,
    can_change_default: false,
    // `default_component_id: undefined` is dropped by JSON; the service sets default_page_id to null.
    default_page_id: null,
    ...fields,
  }
}

async function createRoute(client: ContractClient, json: Record<string, unknown>): Promise<NavRoute> {
  const answer = await replay(client, { method: 'POST', path: BASE, json }, [200, 201])
  return expectRoute(answer.body, `POST ${BASE}`)
}

export const navigationReplay: ReplayCase[] = [
  {
    name: 'Navigation: the sidebar reads the tree, a new profile’s system routes under "Your BrainDrive" (route dashboard)',
    sources: [`${CORE_SERVICE}:240`, `${CORE_SIDEBAR}:118`, `${CORE_SIDEBAR}:154`],
    async run(client) {
      const answer = await replay(client, { method: 'GET', path: `${BASE}/tree` }, 200)
      const tree = expectArray(answer.body, `GET ${BASE}/tree`).map((node, index) =>
        expectNode(node, `tree[${index}]`),
      )
      const home = tree.find((node) => node.route === 'dashboard')
      check(
        home !== undefined,
        `a top-level route "dashboard" (routes: ${tree.map((n) => n.route).join(', ')})`,
      )
      checkEqual(
        [home!.name, home!.is_system_route, home!.default_component_id, home!.is_expanded],
        ['Your BrainDrive', true, 'dashboard', true],
        'Your BrainDrive, expanded (the sidebar opens a route unless is_expanded is false)',
      )
      checkEqual(
        home!.children.map((child) => child.route).filter((route) => SYSTEM_ROUTES.includes(route)),
        SYSTEM_ROUTES,
        'its system children, ordered by display_order',
      )
      for (const child of home!.children)
        checkEqual(child.parent_id, home!.id, `${child.route} names its parent`)
    },
  },
  {
    name: 'Navigation: route content and the routes table find a route by its path (no leading slash) in the plain list',
    sources: [
      `${CORE_SERVICE}:29`,
      `${CORE_ROUTE_CONTENT}:63`,
      `${CORE_DYNAMIC_ROUTES}:26`,
      `${CORE_SIDEBAR}:176`,
      `${ROUTE_DIALOG}:183`,
    ],
    async run(client) {
      const routes = await listRoutes(client)
      for (const path of ['dashboard', ...SYSTEM_ROUTES]) {
        // `routes.find(r => r.route === route)`: RouteContentRenderer then shows its default component.
        const route = routes.find((r) => r.route === path)
        check(route !== undefined, `a route "${path}" (routes: ${routes.map((r) => r.route).join(', ')})`)
        checkEqual(
          [route!.is_system_route, route!.default_component_id, route!.default_page_id],
          [true, path, null],
          `${path}: a system route showing its component`,
        )
      }
    },
  },
  {
    name: 'Navigation: visible routes only (?visible_only=true) leave a hidden route out',
    sources: [`${CORE_SERVICE}:177`],
    async run(client) {
      const hidden = await createRoute(client, dialogRoute({ is_visible: false }))
      checkEqual(hidden.is_visible, false, 'created hidden')
      const visible = await listRoutes(client, '?visible_only=true')
      check(!visible.some((r) => r.id === hidden.id), 'the hidden route is left out')
      check(
        visible.some((r) => r.route === 'settings'),
        'the visible routes are listed',
      )
      check(
        (await listRoutes(client)).some((r) => r.id === hidden.id),
        'listed without the filter',
      )
    },
  },
  {
    name: 'Navigation: the route dialog creates a route sent as `projects` (is_visible, default_page_id null), then reloads the list',
    sources: [`${ROUTE_DIALOG}:468-475`, `${CORE_SERVICE}:103`, `${ROUTE_DIALOG}:183`],
    async run(client) {
      const sent = dialogRoute()
      const created = await createRoute(client, sent)
      checkEqual(
        [created.route, created.name, created.is_visible, created.default_page_id, created.is_system_route],
        [sent.route, sent.name, true, null, false],
        'created as sent (the route keeps its form: the app links to `/${route}`)',
      )
      const listed = (await listRoutes(client)).find((r) => r.route === sent.route)
      checkEqual(listed?.id, created.id, 'found by its route after the reload')
      const twin = await replay(client, { method: 'POST', path: BASE, json: { ...sent, name: 'Twin' } })
      checkEqual(twin.status, 400, 'a route taken answers 400, as the reference does')
    },
  },
  {
    name: 'Navigation: the route dialog saves an edited route with PUT (order, is_visible, a default page, then none)',
    sources: [`${ROUTE_DIALOG}:318-331`, `${ROUTE_DIALOG}:367-380`, `${CORE_SERVICE}:154`],
    async run(client) {
      // The dialog's switch "can change default" on: a default page may then be set and cleared.
      const created = await createRoute(client, dialogRoute({ can_change_default: true }))
      const edit = (fields: Record<string, unknown>) => ({
        name: created.name,
        route: created.route,
        icon: 'Folder',
        description: 'Project pages',
        order: 3,
        is_visible: false,
        can_change_default: true,
        ...fields,
      })
      const pageId = '6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b'
      const path = `${BASE}/${created.id}`
      const saved = await replay(
        client,
        { method: 'PUT', path, json: edit({ default_page_id: pageId }) },
        200,
      )
      const route = expectRoute(saved.body, `PUT ${path}`)
      checkEqual(
        [route.description, route.order, route.is_visible, route.default_page_id],
        ['Project pages', 3, false, pageId],
        'saved',
      )
      const cleared = await replay(
        client,
        { method: 'PUT', path, json: edit({ default_page_id: null }) },
        200,
      )
      checkEqual(expectRoute(cleared.body, `PUT ${path}`).default_page_id, null, 'default page cleared')

      // Saving a system route unchanged (the dialog sends every field) is fine; renaming it is refused.
      const settings = (await listRoutes(client)).find((r) => r.route === 'settings')!
      const unchanged = {
        name: settings.name,
        route: settings.route,
        icon: settings.icon,
        description: settings.description,
        order: settings.order,
        is_visible: settings.is_visible,
        default_component_id: settings.default_component_id,
        default_page_id: null,
        can_change_default: false,
      }
      const system = `${BASE}/${settings.id}`
      await replay(client, { method: 'PUT', path: system, json: unchanged }, 200)
      const renamed = await replay(client, {
        method: 'PUT',
        path: system,
        json: { ...unchanged, name: 'Mine' },
      })
      checkEqual(renamed.status, 400, 'a system route keeps its name (400, as the reference)')
    },
  },
  {
    name: 'Navigation: the route dialog deletes a route (204), then reloads the list',
    sources: [`${ROUTE_DIALOG}:430`, `${CORE_SERVICE}:165`],
    async run(client) {
      const created = await createRoute(client, dialogRoute())
      await replay(client, { method: 'DELETE', path: `${BASE}/${created.id}` }, [200, 204])
      check(!(await listRoutes(client)).some((r) => r.id === created.id), 'gone from the list')
    },
  },
  {
    name: 'Navigation: the init service finds a new user’s system routes with their components, so sends nothing more',
    sources: [`${NAV_INIT}:109`, `${NAV_INIT}:165`],
    async run(client) {
      const routes = await listRoutes(client)
      // Its system routes and the component each must show (else it creates or updates them).
      const wanted = { dashboard: 'dashboard', 'plugin-studio': 'plugin-studio', settings: 'settings' }
      for (const [path, component] of Object.entries(wanted)) {
        const existing = routes.find((r) => r.route === path)
        checkEqual(existing?.default_component_id, component, `${path} shows ${component}`)
      }
    },
  },
  {
    name: 'Navigation: the init service creates a missing system route (is_system_route, creator_id, default_page_id null)',
    sources: [`${NAV_INIT}:169`, `${CORE_SERVICE}:103`],
    async run(client) {
      const me = await replay<{ id: string }>(client, { method: 'GET', path: '/api/v1/auth/me' }, 200)
      const route = `plugin-manager-${uniqueSuffix()}`
      const created = await createRoute(client, {
        name: 'Plugin Manager',
        route,
        icon: 'Extension',
        description: 'Manage plugins and modules',
        order: 4,
        is_visible: true,
        is_system_route: true,
        default_component_id: 'plugin-manager',
        can_change_default: true,
        creator_id: me.body.id,
        default_page_id: null,
      })
      checkEqual(
        [created.route, created.default_component_id, created.creator_id],
        [route, 'plugin-manager', me.body.id],
        'created',
      )
    },
  },
  {
    name: 'Navigation: the init service sets a route’s missing default component with PUT {default_component_id, is_system_route}',
    sources: [`${NAV_INIT}:173`, `${CORE_SERVICE}:154`],
    async run(client) {
      const created = await createRoute(client, dialogRoute())
      checkEqual(created.default_component_id, null, 'no default component yet')
      const path = `${BASE}/${created.id}`
      const answer = await replay(
        client,
        {
          method: 'PUT',
          path,
          json: { default_component_id: 'dashboard', is_system_route: true, default_page_id: null },
        },
        200,
      )
      const updated = expectRoute(answer.body, `PUT ${path}`)
      checkEqual(updated.default_component_id, 'dashboard', 'default component set')
    },
  },
  {
    name: 'Navigation: folding a branch sends batch-update with {id, is_expanded} alone and reads the first route',
    sources: [`${CORE_SERVICE}:279-286`, `${CORE_SERVICE}:271`, `${CORE_SIDEBAR}:209`],
    async run(client) {
      const parent = await createRoute(client, dialogRoute())
      await createRoute(client, dialogRoute({ parent_id: parent.id }))
      for (const isExpanded of [false, true]) {
        const answer = await replay(
          client,
          {
            method: 'POST',
            path: `${BASE}/batch-update`,
            json: [{ id: parent.id, is_expanded: isExpanded }],
          },
          200,
        )
        const results = expectArray(answer.body, `POST ${BASE}/batch-update`)
        check(results.length > 0, 'a route was updated (the client throws on an empty answer)')
        const first = expectRoute(results[0], 'results[0]')
        checkEqual(
          [first.id, first.is_expanded, first.parent_id, first.display_order],
          [parent.id, isExpanded, parent.parent_id, parent.display_order],
          'only is_expanded changed',
        )
      }
    },
  },
  {
    name: 'Navigation: one route by its id',
    sources: [`${CORE_SERVICE}:67`],
    async run(client) {
      const created = await createRoute(client, dialogRoute())
      const answer = await replay(client, { method: 'GET', path: `${BASE}/${created.id}` }, 200)
      checkEqual(expectRoute(answer.body, `GET ${BASE}/{id}`).route, created.route, 'the route')
    },
  },
  {
    name: 'Navigation: moving a route under another at a position',
    sources: [`${CORE_SERVICE}:260`],
    async run(client) {
      const parent = await createRoute(client, dialogRoute())
      const child = await createRoute(client, dialogRoute())
      const path = `${BASE}/${child.id}/move`
      const answer = await replay(
        client,
        { method: 'PUT', path, json: { parent_id: parent.id, display_order: 0 } },
        200,
      )
      const moved = expectRoute(answer.body, `PUT ${path}`)
      checkEqual([moved.parent_id, moved.display_order], [parent.id, 0], 'moved')
    },
  },
]

import type { ContractClient } from '../contract/ContractClient'
import { uniqueSuffix } from '../contract/expectValidationIssue'
import type { ReplayCase } from './ReplayCase'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

// BrainDrive's page service (frontend/src/services/pageService.ts) is what the page designer, the
// page renderer and the sidebar call; it strips the hyphens of every page id it sends.
const SERVICE = 'BrainDriveAI/BrainDrive frontend/src/services/pageService.ts'
const CHAT_LIBRARY = 'BrainDriveAI/BrainDrive-Chat-Plugin src/services/libraryPageService.ts'
const LIBRARY_DEFAULTS = 'DJJones66/BrainDrive-Library-Plugin src/services/libraryPageDefaultsService.ts'

interface Page {
  id: string
  name: string
  route: string
  content: Record<string, unknown>
  is_published: boolean
  [field: string]: unknown
}

/** The fields the clients read from a page: the studio, the renderer, the sidebar's hierarchy. */
const PAGE_FIELDS = {
  id: 'string',
  name: 'string',
  route: 'string',
  content: 'object',
  is_published: 'boolean',
  is_parent_page: 'boolean',
  parent_type: 'string|null',
  parent_route: 'string|null',
  navigation_route_id: 'string|null',
  description: 'string|null',
  creator_id: 'string',
  backup_date: 'string|null',
  publish_date: 'string|null',
} as const

const bare = (id: string) => id.replace(/-/g, '')

/** A page as the studio creates it: a slug route without "/", content as layouts, modules and canvas. */
async function createStudioPage(client: ContractClient, name: string, extra: Record<string, unknown> = {}) {
  const answer = await replay<Page>(
    client,
    {
      method: 'POST',
      path: '/api/v1/pages',
      json: {
        name,
        route: `${name.toLowerCase().replace(/\s+/g, '-')}-${Date.now()}`,
        description: '',
        content: {
          layouts: { desktop: [], tablet: [], mobile: [] },
          modules: {},
          canvas: { width: 1440, height: 2400 },
        },
        ...extra,
      },
    },
    [200, 201],
  )
  return answer.body
}

async function publish(client: ContractClient, page: Page): Promise<void> {
  await replay(
    client,
    { method: 'POST', path: `/api/v1/pages/${bare(page.id)}/publish`, json: { publish: true } },
    200,
  )
}

async function listPages(client: ContractClient, query: string): Promise<Page[]> {
  const answer = await replay<{ pages: unknown }>(
    client,
    { method: 'GET', path: `/api/v1/pages${query}` },
    200,
  )
  expectFields(answer.body, { pages: 'array' }, `GET /api/v1/pages${query}`)
  const pages = expectArray<Page>(answer.body.pages, 'pages')
  for (const page of pages) expectFields(page, PAGE_FIELDS, 'a listed page')
  return pages
}

const ids = (pages: Page[]) => pages.map((page) => page.id)

export const pagesReplay: ReplayCase[] = [
  {
    name: 'Pages: the studio creates a page (route without "/", content of layouts, modules, canvas) and lists it',
    sources: [`${SERVICE}:144`, `${SERVICE}:21`],
    async run(client) {
      const page = await createStudioPage(client, `Studio Page ${uniqueSuffix()}`)
      expectFields(page, PAGE_FIELDS, 'the created page')
      // The slug sent, with the leading "/" the spec gives routes (what Quire sends).
      check(page.route.startsWith('/studio-page-'), `the route is the slug sent (${page.route})`)
      // usePages reads content.layouts, content.modules and content.canvas back as it sent them.
      checkEqual(
        page.content,
        {
          layouts: { desktop: [], tablet: [], mobile: [] },
          modules: {},
          canvas: { width: 1440, height: 2400 },
        },
        'content kept as sent',
      )
      checkEqual(page.is_published, false, 'a new page is unpublished')
      const pages = await listPages(client, '')
      check(ids(pages).includes(page.id), 'GET /api/v1/pages lists the new page in {pages}')
    },
  },
  {
    name: 'Pages: the renderer and the plugins read a page by its id without hyphens',
    sources: [`${SERVICE}:34`, `${LIBRARY_DEFAULTS}:359`],
    async run(client) {
      const page = await createStudioPage(client, `Render Page ${uniqueSuffix()}`)
      const answer = await replay<Page>(
        client,
        { method: 'GET', path: `/api/v1/pages/${bare(page.id)}` },
        200,
      )
      expectFields(answer.body, PAGE_FIELDS, 'GET /api/v1/pages/{id without hyphens}')
      checkEqual([answer.body.id, answer.body.content], [page.id, page.content], 'the page and its content')
    },
  },
  {
    name: 'Pages: the renderer reads a page by its route without the leading slash',
    sources: [`${SERVICE}:45`],
    async run(client) {
      const page = await createStudioPage(client, `Routed Page ${uniqueSuffix()}`)
      const route = page.route.replace(/^\//, '')
      const answer = await replay<Page>(client, { method: 'GET', path: `/api/v1/pages/route/${route}` }, 200)
      expectFields(answer.body, PAGE_FIELDS, 'GET /api/v1/pages/route/{route}')
      checkEqual(answer.body.id, page.id, 'the page at that route')
    },
  },
  {
    name: 'Pages: the studio saves content, renames and links a navigation route with PUT (id without hyphens)',
    sources: [`${SERVICE}:190`, `${LIBRARY_DEFAULTS}:372`],
    async run(client) {
      const page = await createStudioPage(client, `Saved Page ${uniqueSuffix()}`)
      const path = `/api/v1/pages/${bare(page.id)}`
      const content = {
        layouts: {
          desktop: [{ i: 'Chat_1', x: 0, y: 0, w: 8, h: 8, pluginId: 'Chat' }],
          tablet: [],
          mobile: [],
        },
        modules: { Chat_1: { pluginId: 'Chat', moduleId: 'Chat', moduleName: 'Chat', config: {} } },
        canvas: { width: 1440, height: 2400 },
      }
      const saved = await replay<Page>(client, { method: 'PUT', path, json: { content } }, 200)
      expectFields(saved.body, PAGE_FIELDS, 'PUT content')
      checkEqual(saved.body.content, content, 'content saved')
      // usePages.updatePage sends the page's own fields back (layouts, modules...): ignored.
      const renamed = await replay<Page>(
        client,
        {
          method: 'PUT',
          path,
          json: { name: 'Renamed page', layouts: content.layouts, modules: content.modules },
        },
        200,
      )
      checkEqual(
        [renamed.body.name, renamed.body.content],
        ['Renamed page', content],
        'renamed, content kept',
      )
      const nav = await replay<{ id: string }>(
        client,
        {
          method: 'POST',
          path: '/api/v1/navigation-routes',
          json: { name: 'Pages nav', route: `/pages-nav-${uniqueSuffix()}` },
        },
        [200, 201],
      )
      const linked = await replay<Page>(
        client,
        { method: 'PUT', path, json: { navigation_route_id: bare(nav.body.id) } },
        200,
      )
      // The sidebar compares page.navigation_route_id with the navigation route's id.
      checkEqual(linked.body.navigation_route_id, nav.body.id, 'linked to the navigation route')
      const cleared = await replay<Page>(
        client,
        { method: 'PUT', path, json: { navigation_route_id: '' } },
        200,
      )
      checkEqual(cleared.body.navigation_route_id, null, '"" clears the link')
    },
  },
  {
    name: 'Pages: the sidebar lists published pages only (published_only=true)',
    sources: [`${SERVICE}:107`, 'BrainDriveAI/BrainDrive-Core frontend/src/hooks/usePages.ts:49'],
    async run(client) {
      const shown = await createStudioPage(client, `Shown Page ${uniqueSuffix()}`)
      const hidden = await createStudioPage(client, `Hidden Page ${uniqueSuffix()}`)
      await publish(client, shown)
      const pages = await listPages(client, '?published_only=true')
      check(ids(pages).includes(shown.id), 'the published page is listed')
      check(!ids(pages).includes(hidden.id), 'the unpublished page is not')
      check(
        pages.every((page) => page.is_published),
        'only published pages',
      )
    },
  },
  {
    name: 'Pages: the page dialog lists published parent pages (is_parent_page=true&published_only=true)',
    sources: [`${SERVICE}:90`],
    async run(client) {
      const parent = await createStudioPage(client, `Parent Page ${uniqueSuffix()}`, { is_parent_page: true })
      const plain = await createStudioPage(client, `Plain Page ${uniqueSuffix()}`)
      await publish(client, parent)
      await publish(client, plain)
      const pages = await listPages(client, '?is_parent_page=true&published_only=true')
      check(ids(pages).includes(parent.id), 'the parent page is listed')
      check(!ids(pages).includes(plain.id), 'a page that is no parent is not')
    },
  },
  {
    name: 'Pages: the page dialog places a page under a parent page, then lists children by parent_route and parent_type',
    sources: [`${SERVICE}:280`, `${SERVICE}:73`, `${SERVICE}:56`],
    async run(client) {
      const parent = await createStudioPage(client, `Folder Page ${uniqueSuffix()}`, { is_parent_page: true })
      const child = await createStudioPage(client, `Child Page ${uniqueSuffix()}`)
      const parentRoute = parent.route.replace(/^\//, '')
      const placed = await replay<Page>(
        client,
        {
          method: 'PUT',
          path: `/api/v1/pages/${bare(child.id)}/hierarchy`,
          json: { parent_route: parentRoute, parent_type: 'page', is_parent_page: false },
        },
        200,
      )
      expectFields(placed.body, PAGE_FIELDS, 'PUT hierarchy')
      checkEqual(placed.body.parent_route, parent.route, 'under the parent page')
      await publish(client, child)
      const byRoute = await listPages(
        client,
        `?parent_route=${encodeURIComponent(parentRoute)}&published_only=true`,
      )
      checkEqual(ids(byRoute), [child.id], 'the child, by parent_route')
      const byType = await listPages(client, '?parent_type=page&published_only=true')
      check(ids(byType).includes(child.id), 'the child, by parent_type page')
      // The page service's default: no parent route ("") and parent type "page" is a top-level page.
      const top = await replay<Page>(
        client,
        {
          method: 'PUT',
          path: `/api/v1/pages/${bare(child.id)}/hierarchy`,
          json: { parent_route: '', parent_type: 'page', is_parent_page: false },
        },
        200,
      )
      checkEqual(top.body.parent_route, null, 'back at the top level')
      // The dialog's core sections: "dashboard" is the seeded navigation route a new profile starts with.
      const underDashboard = await replay<Page>(
        client,
        {
          method: 'PUT',
          path: `/api/v1/pages/${bare(child.id)}/hierarchy`,
          json: { parent_route: '', parent_type: 'dashboard', is_parent_page: false },
        },
        200,
      )
      checkEqual(
        underDashboard.body.route,
        `/dashboard/${child.route.replace(/^\//, '')}`,
        'under the dashboard',
      )
    },
  },
  {
    name: 'Pages: publish and backup answer the page (ids without hyphens)',
    sources: [`${SERVICE}:222`, `${SERVICE}:234`, `${CHAT_LIBRARY}:108`],
    async run(client) {
      const page = await createStudioPage(client, `Published Page ${uniqueSuffix()}`)
      const published = await replay<Page>(
        client,
        { method: 'POST', path: `/api/v1/pages/${bare(page.id)}/publish`, json: { publish: true } },
        200,
      )
      expectFields(published.body, PAGE_FIELDS, 'POST publish')
      checkEqual([published.body.id, published.body.is_published], [page.id, true], 'published')
      // usePages.backupPage makes the answer the studio's current page: it must be the page.
      const backup = await replay<Page>(
        client,
        { method: 'POST', path: `/api/v1/pages/${bare(page.id)}/backup`, json: { create_backup: true } },
        [200, 201],
      )
      expectFields(backup.body, PAGE_FIELDS, 'POST backup')
      checkEqual([backup.body.id, backup.body.content], [page.id, page.content], 'the page, backed up')
      check(typeof backup.body.backup_date === 'string', 'backup_date is set')
      const unpublished = await replay<Page>(
        client,
        { method: 'POST', path: `/api/v1/pages/${bare(page.id)}/publish`, json: { publish: false } },
        200,
      )
      checkEqual(unpublished.body.is_published, false, 'unpublished')
    },
  },
  {
    name: 'Pages: the library page service retries a taken route on 400 "...route...exist..."',
    sources: [`${CHAT_LIBRARY}:75`, `${CHAT_LIBRARY}:83`],
    async run(client) {
      const route = `library-chat-${uniqueSuffix()}`
      const body = (routeToUse: string) => ({
        name: 'Library chat',
        route: routeToUse,
        description: 'Library BrainDrive Chat page created from Library menu',
        content: {
          layouts: { desktop: [{ moduleUniqueId: 'Chat_Chat_1', i: 'Chat_Chat_1', x: 0, y: 0, w: 8, h: 8 }] },
          modules: {
            Chat_Chat_1: { pluginId: 'Chat', moduleId: 'Chat', config: { conversation_type: 'chat' } },
          },
        },
      })
      const first = await replay<Page>(
        client,
        { method: 'POST', path: '/api/v1/pages', json: body(route) },
        [200, 201],
      )
      expectFields(first.body, { id: 'string', route: 'string' }, 'the created page')
      const taken = await replay<{ detail: unknown }>(client, {
        method: 'POST',
        path: '/api/v1/pages',
        json: body(route),
      })
      // isRouteCollisionError: status 400 and a detail (or message) naming "route" and "exist".
      checkEqual(taken.status, 400, 'a taken route answers 400')
      const detail = String(taken.body.detail).toLowerCase()
      check(
        detail.includes('route') && detail.includes('exist'),
        `the detail names route and exist (${detail})`,
      )
      const retried = await replay<Page>(
        client,
        { method: 'POST', path: '/api/v1/pages', json: body(`${route}-${Math.floor(Date.now() / 1000)}`) },
        [200, 201],
      )
      expectFields(retried.body, { id: 'string', route: 'string' }, 'the page at the adjusted route')
    },
  },
  {
    name: 'Pages: the studio deletes a page by its id without hyphens',
    sources: [`${SERVICE}:205`],
    async run(client) {
      const page = await createStudioPage(client, `Deleted Page ${uniqueSuffix()}`)
      await replay(client, { method: 'DELETE', path: `/api/v1/pages/${bare(page.id)}` }, [200, 204])
      const gone = await replay(client, { method: 'GET', path: `/api/v1/pages/${bare(page.id)}` })
      checkEqual(gone.status, 404, 'deleted')
    },
  },
]

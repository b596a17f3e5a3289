import { check, checkEqual, checkMatch, checkNewRecord, TIMESTAMP_MS_Z, UUID_V4 } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { expectStatus, UNKNOWN_ID } from './contractFixtures'
import { expectValidationIssue, uniqueSuffix } from './expectValidationIssue'
import { responseJson } from './responseJson'

const BASE = '/api/v1/pages'

type Page = Record<string, unknown> & { id: string; route: string; content: Record<string, unknown> }

async function createPage(client: ContractClient, fields: Record<string, unknown> = {}): Promise<Page> {
  const response = await client({
    method: 'POST',
    path: BASE,
    json: { name: 'Contract page', route: `/contract-${uniqueSuffix()}`, ...fields },
  })
  expectStatus(response, 201)
  return responseJson<Page>(response)
}

export const pagesContract: HostCase<ContractClient>[] = [
  {
    name: 'Pages: POST answers a PageResponse (creator the caller, unpublished); routes are unique (400, as BrainDrive)',
    async run(client) {
      const me = responseJson<{ id: string }>(await client({ method: 'GET', path: '/api/v1/auth/me' }))
      const content = { layout: { columns: 2 }, components: [{ id: 'c1', type: 'text' }] }
      const route = `/docs-${uniqueSuffix()}`
      const page = await createPage(client, { route, content, description: 'Docs', icon: 'book' })
      checkNewRecord(page)
      checkEqual(
        [page.route, page.route_segment, page.content, page.creator_id, page.is_published],
        [route, route.slice(1), content, me.id, false],
        'route, segment, content, creator, unpublished',
      )
      for (const key of [
        'name',
        'route',
        'content',
        'creator_id',
        'is_published',
        'created_at',
        'updated_at',
      ])
        check(key in page, `PageResponse has ${key}`)
      checkEqual((await createPage(client)).content, { layout: {}, components: [] }, 'default content')
      // BrainDrive answers a taken route with 400 and these words, which its clients match on.
      expectStatus(
        await client({ method: 'POST', path: BASE, json: { name: 'Twin', route } }),
        400,
        'A page with this route already exists',
      )
      // BrainDrive's form of the same route (no leading slash) names the same route.
      expectStatus(
        await client({ method: 'POST', path: BASE, json: { name: 'Twin', route: route.slice(1) } }),
        400,
        'A page with this route already exists',
      )
    },
  },
  {
    name: 'Pages: 422 for a missing name, a wrong type, a malformed route; unknown fields are ignored',
    async run(client) {
      const post = (json: unknown) => client({ method: 'POST', path: BASE, json })
      const route = `/bad-${uniqueSuffix()}`
      expectValidationIssue(await post({ route }), 'body.name')
      expectValidationIssue(await post({ name: 'n' }), 'body.route')
      expectValidationIssue(await post({ name: 42, route }), 'body.name')
      expectValidationIssue(await post({ name: 'n', route: 'has space' }), 'body.route')
      expectValidationIssue(await post({ name: 'n', route: '/trailing/' }), 'body.route')
      expectValidationIssue(await post({ name: 'n', route: '/a//b' }), 'body.route')
      expectValidationIssue(
        await post({ name: 'n', route, content: { layout: [], components: [] } }),
        'body.content.layout',
      )
      expectValidationIssue(await post({ name: 'n', route, parent_type: 'folder' }), 'body.parent_type')
      // As FastAPI does, fields the body does not have are ignored (is_published starts false anyway).
      const ignored = await post({ name: 'n', route, is_published: true, layouts: {} })
      expectStatus(ignored, 201)
      const page = responseJson<Page>(ignored)
      checkEqual([page.is_published, 'layouts' in page], [false, false], 'unknown fields ignored')
    },
  },
  {
    name: 'Pages: GET lists {pages, total} with limit and offset',
    async run(client) {
      const first = await createPage(client)
      const second = await createPage(client)
      const all = responseJson<{ pages: Page[]; total: number }>(
        await client({ method: 'GET', path: `${BASE}?limit=100` }),
      )
      check(all.total >= 2, 'total counts the pages')
      const ids = all.pages.map((p) => p.id)
      check(ids.indexOf(first.id) >= 0 && ids.indexOf(first.id) < ids.indexOf(second.id), 'oldest first')
      const one = responseJson<{ pages: Page[]; total: number }>(
        await client({ method: 'GET', path: `${BASE}?limit=1&offset=${ids.indexOf(second.id)}` }),
      )
      checkEqual([one.pages.map((p) => p.id), one.total], [[second.id], all.total], 'limit 1 at an offset')
      const past = responseJson<{ pages: Page[]; total: number }>(
        await client({ method: 'GET', path: `${BASE}?offset=${all.total + 5}` }),
      )
      checkEqual([past.pages, past.total], [[], all.total], 'offset past the end')
      expectValidationIssue(await client({ method: 'GET', path: `${BASE}?limit=101` }), 'query.limit')
      expectValidationIssue(await client({ method: 'GET', path: `${BASE}?offset=-1` }), 'query.offset')
      expectValidationIssue(await client({ method: 'GET', path: `${BASE}?limit=ten` }), 'query.limit')
    },
  },
  {
    name: 'Pages: GET by id and by route (nested, without its leading slash); 404s',
    async run(client) {
      const suffix = uniqueSuffix()
      const top = await createPage(client, { route: `/guide-${suffix}` })
      const nested = await createPage(client, { route: `/guide-${suffix}/intro/part.1` })
      // Single-page reads add the content of the last backup (BrainDrive's PageDetailResponse).
      const topDetail = { ...top, content_backup: null }
      checkEqual(
        responseJson(await client({ method: 'GET', path: `${BASE}/${top.id}` })),
        topDetail,
        'GET by id',
      )
      checkEqual(
        responseJson(await client({ method: 'GET', path: `${BASE}/${top.id.replace(/-/g, '')}` })),
        topDetail,
        'GET by id without hyphens',
      )
      checkEqual(
        responseJson(await client({ method: 'GET', path: `${BASE}/route/guide-${suffix}` })),
        topDetail,
        'one segment',
      )
      checkEqual(
        responseJson(await client({ method: 'GET', path: `${BASE}/route/guide-${suffix}/intro/part.1` })),
        { ...nested, content_backup: null },
        'nested route',
      )
      expectStatus(
        await client({ method: 'GET', path: `${BASE}/route/guide-${suffix}/intro` }),
        404,
        'Page not found',
      )
      expectStatus(await client({ method: 'GET', path: `${BASE}/${UNKNOWN_ID}` }), 404, 'Page not found')
      expectStatus(await client({ method: 'GET', path: `${BASE}/not-a-uuid` }), 404, 'Page not found')
    },
  },
  {
    name: 'Pages: PUT changes given fields, the segment follows the route, a taken route answers 400',
    async run(client) {
      const page = await createPage(client, { description: 'Before' })
      const other = await createPage(client)
      const path = `${BASE}/${page.id}`
      const route = `/renamed-${uniqueSuffix()}`
      const updated = responseJson<Page>(
        await client({ method: 'PUT', path, json: { name: 'Renamed', route } }),
      )
      checkEqual(
        [updated.name, updated.route, updated.route_segment, updated.description, updated.is_published],
        ['Renamed', route, route.slice(1), 'Before', false],
        'updated fields',
      )
      check(String(updated.updated_at) > String(page.updated_at), 'updated_at moves')
      expectStatus(
        await client({ method: 'PUT', path, json: { route: other.route } }),
        400,
        'A page with this route already exists',
      )
      expectStatus(await client({ method: 'PUT', path, json: { route } }), 200)
      expectValidationIssue(await client({ method: 'PUT', path, json: { name: '' } }), 'body.name')
      const kept = await client({ method: 'PUT', path, json: { creator_id: UNKNOWN_ID } })
      checkEqual(responseJson<Page>(kept).creator_id, page.creator_id, 'creator_id is not a field: ignored')
      expectStatus(await client({ method: 'PUT', path: `${BASE}/${UNKNOWN_ID}`, json: { name: 'x' } }), 404)
    },
  },
  {
    name: 'Pages: PUT hierarchy places a page under a page or navigation route and derives its route',
    async run(client) {
      const parent = await createPage(client)
      const child = await createPage(client)
      const path = `${BASE}/${child.id}/hierarchy`
      const segment = `child-${uniqueSuffix()}`
      const placed = responseJson<Page>(
        await client({
          method: 'PUT',
          path,
          json: {
            parent_route: parent.route,
            parent_type: 'page',
            route_segment: segment,
            is_parent_page: false,
          },
        }),
      )
      checkEqual(
        [placed.route, placed.parent_route, placed.parent_type, placed.route_segment],
        [`${parent.route}/${segment}`, parent.route, 'page', segment],
        'placed under the page',
      )
      checkEqual(
        responseJson<Page>(await client({ method: 'GET', path: `${BASE}/route${placed.route}` })).id,
        child.id,
        'found at the new route',
      )
      const nav = responseJson<{ route: string }>(
        await client({
          method: 'POST',
          path: '/api/v1/navigation-routes',
          json: { name: 'Nav', route: `/nav-${uniqueSuffix()}` },
        }),
      )
      const underNav = responseJson<Page>(
        await client({ method: 'PUT', path, json: { parent_route: nav.route, parent_type: 'navigation' } }),
      )
      checkEqual(underNav.route, `${nav.route}/${segment}`, 'placed under the navigation route')
      const top = responseJson<Page>(
        await client({ method: 'PUT', path, json: { parent_route: null, parent_type: null } }),
      )
      checkEqual([top.route, top.parent_route, top.parent_type], [`/${segment}`, null, null], 'top level')
      const taken = await createPage(client)
      expectStatus(
        await client({ method: 'PUT', path, json: { route_segment: taken.route.slice(1) } }),
        400,
        'A page with this route already exists',
      )
      expectValidationIssue(
        await client({
          method: 'PUT',
          path,
          json: { parent_route: `/none-${uniqueSuffix()}`, parent_type: 'page' },
        }),
        'body.parent_route',
      )
      expectValidationIssue(
        await client({ method: 'PUT', path, json: { parent_route: parent.route } }),
        'body.parent_type',
      )
      expectValidationIssue(
        await client({
          method: 'PUT',
          path: `${BASE}/${parent.id}/hierarchy`,
          json: { parent_route: parent.route, parent_type: 'page' },
        }),
        'body.parent_route',
      )
      expectValidationIssue(
        await client({ method: 'PUT', path, json: { route_segment: 'a/b' } }),
        'body.route_segment',
      )
      expectStatus(
        await client({
          method: 'PUT',
          path: `${BASE}/${UNKNOWN_ID}/hierarchy`,
          json: { route_segment: 'x' },
        }),
        404,
      )
    },
  },
  {
    name: 'Pages: publish toggles is_published; backup keeps a copy and answers the page; DELETE removes the page',
    async run(client) {
      const content = { layout: { rows: 1 }, components: [{ id: 'hero' }] }
      const page = await createPage(client, { content })
      const publish = (publish: unknown) =>
        client({ method: 'POST', path: `${BASE}/${page.id}/publish`, json: { publish } })
      const published = responseJson<Page>(await publish(true))
      checkEqual(published.is_published, true, 'published')
      checkMatch(published.publish_date, TIMESTAMP_MS_Z, 'publish_date')
      checkEqual(
        responseJson<Page>(await client({ method: 'GET', path: `${BASE}/${page.id}` })).is_published,
        true,
        'stays published',
      )
      checkEqual(responseJson<Page>(await publish(false)).is_published, false, 'unpublished')
      expectValidationIssue(await publish('yes'), 'body.publish')
      expectValidationIssue(
        await client({ method: 'POST', path: `${BASE}/${page.id}/publish`, json: {} }),
        'body.publish',
      )
      expectStatus(
        await client({ method: 'POST', path: `${BASE}/${UNKNOWN_ID}/publish`, json: { publish: true } }),
        404,
      )

      const backup = await client({
        method: 'POST',
        path: `${BASE}/${page.id}/backup`,
        json: { create_backup: true },
      })
      expectStatus(backup, 201)
      // The answer is the page (as BrainDrive's, whose studio takes it for the current page) with the backup.
      const taken = responseJson<Page & { backed_up: boolean; backup: Record<string, unknown> }>(backup)
      checkEqual([taken.id, taken.name, taken.backed_up], [page.id, page.name, true], 'backed up')
      checkMatch(taken.backup.id, UUID_V4, 'backup id')
      checkEqual(taken.backup_date, taken.backup.created_at, 'backup_date')
      checkEqual(
        [taken.backup.page_id, taken.backup.content, taken.backup.route],
        [page.id, content, page.route],
        'backup copy',
      )
      const none = await client({
        method: 'POST',
        path: `${BASE}/${page.id}/backup`,
        json: { create_backup: false },
      })
      expectStatus(none, 200)
      const notTaken = responseJson<Page & { backed_up: boolean; backup: unknown }>(none)
      checkEqual([notTaken.id, notTaken.backed_up, notTaken.backup], [page.id, false, null], 'no backup')
      checkEqual(
        responseJson<Page>(await client({ method: 'GET', path: `${BASE}/${page.id}` })).content_backup,
        content,
        'the page shows its last backup',
      )
      // create_backup defaults to true, as BrainDrive's PageBackup.
      expectStatus(await client({ method: 'POST', path: `${BASE}/${page.id}/backup`, json: {} }), 201)
      expectValidationIssue(
        await client({ method: 'POST', path: `${BASE}/${page.id}/backup`, json: { create_backup: 'x' } }),
        'body.create_backup',
      )

      expectStatus(await client({ method: 'DELETE', path: `${BASE}/${page.id}` }), 204)
      expectStatus(await client({ method: 'GET', path: `${BASE}/${page.id}` }), 404)
      expectStatus(await client({ method: 'GET', path: `${BASE}/route${page.route}` }), 404)
      expectStatus(await client({ method: 'DELETE', path: `${BASE}/${page.id}` }), 404)
      expectStatus(
        await client({ method: 'POST', path: `${BASE}/${page.id}/backup`, json: { create_backup: true } }),
        404,
      )
    },
  },
]

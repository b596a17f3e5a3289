import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import { toTimestamp } from '../../../kernel/time/Clock'
import { defineRoute, type Route } from '../../Route'
import { errorSchema } from '../../errorSchema'
import { resolveCallerId } from '../compat/callerUserId'
import { navigationRouteKind } from '../../../records/kinds/navigationRouteKind'
import { notFoundResponse, validationResponse } from '../platformErrors'
import { settingInstanceKind } from '../../../records/kinds/settingInstanceKind'
import { pageBackupKind } from '../../../records/kinds/pageBackupKind'
import { pageKind } from '../../../records/kinds/pageKind'
import { findPageByRoute, lastSegment, requireFreeRoute, ROUTE_TAKEN } from './pageLookup'
import { normaliseParent } from './pageParent'
import {
  createPageBody,
  listPagesQuery,
  pageDetailSchema,
  pageRouteParams,
  pageSchema,
  updatePageBody,
} from './pageSchemas'
import { pageView } from './pageView'
import type { RecordPorts } from '../../../records/platformRecords'
import type { ApiPorts } from '../../ApiPorts'

/** Pages are records of the caller's, with their navigation routes and settings; new ones need the clock and ids. */
type PagePorts = Pick<ApiPorts, 'clock' | 'newId' | 'currentUserId'> & RecordPorts

export const PAGE_NOT_FOUND = pageKind.notFound
export const pageTags = ['Pages']
const tags = pageTags
const BASE = '/api/v1/pages'
const params = pageKind.params
const NAVIGATION_MISSING = 'The specified navigation route does not exist'

export const routeTakenResponse = {
  description: `\`${ROUTE_TAKEN}\`: another page has the route`,
  schema: errorSchema,
}

/** A navigation route id a page is to belong to: null, or one that exists (400 otherwise, as BrainDrive). */
async function requireNavigationRoute(ports: RecordPorts, id: string | null | undefined) {
  if (id && !(await navigationRouteKind.find(ports, id))) throw ApiError.badRequest(NAVIGATION_MISSING)
}

/**
 * Whether a page matches BrainDrive's `parent_type` filter, read in Quire's form (see normaliseParent):
 * `page` is any page not under a navigation route (BrainDrive's top-level pages have parent type
 * "page" too), a core section the pages under the navigation route of that name.
 */
function hasParentType(data: Record<string, unknown>, parentType: string): boolean {
  if (parentType === 'page') return data.parent_type === 'page' || data.parent_type == null
  const wanted = normaliseParent(null, parentType)
  return (
    data.parent_type === wanted.parent_type &&
    (wanted.parent_route === null || data.parent_route === wanted.parent_route)
  )
}

/** User-designed pages: CRUD and lookup by route (hierarchy, publishing and backups in pageActionRoutes). */
export const pageRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: BASE,
    operationId: 'listPages',
    summary: 'List pages',
    description: [
      'Answers `{pages, total}` (the spec’s envelope), oldest first. BrainDrive’s filters: `published_only`,',
      '`is_parent_page`, `parent_type` (`page`: not under a navigation route; a core section such as',
      '`dashboard`: under the navigation route of that name), `parent_route` (with or without its leading "/"),',
      '`navigation_route_id` (404 `Navigation route not found` for an unknown one) and `creator_id`',
      '(the caller’s id or `current`; another user’s is 403). `limit` (1..100, default 100 as BrainDrive’s)',
      'and `offset` (or BrainDrive’s `skip`) page through them (422 beyond); `total` counts the matching pages.',
      'Differs from BrainDrive: every filter given applies (BrainDrive applies only the first of',
      '`parent_type`, `parent_route`, `is_parent_page`, `navigation_route_id`, with `published_only`), and',
      '`limit` is at most 100.',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    query: listPagesQuery,
    responses: {
      200: {
        description: 'One page of pages and the total',
        schema: z.object({ pages: z.array(pageSchema), total: z.int().min(0) }),
      },
      403: { description: '`creator_id` names another user', schema: errorSchema },
      404: notFoundResponse('Navigation route not found'),
      422: validationResponse,
    },
    async handler({ query }, ports: PagePorts) {
      if (query.creator_id !== undefined) await resolveCallerId(ports, query.creator_id)
      if (query.navigation_route_id && !(await navigationRouteKind.find(ports, query.navigation_route_id)))
        throw ApiError.notFound(navigationRouteKind.notFound)
      const matching = (await pageKind.list(ports)).filter(
        ({ data }) =>
          (!query.published_only || data.is_published === true) &&
          (query.is_parent_page === undefined || (data.is_parent_page ?? false) === query.is_parent_page) &&
          (!query.parent_type || hasParentType(data, query.parent_type)) &&
          (!query.parent_route || data.parent_route === query.parent_route) &&
          (!query.navigation_route_id || data.navigation_route_id === query.navigation_route_id),
      )
      const offset = query.offset ?? query.skip ?? 0
      const pages = matching.slice(offset, offset + query.limit).map((page) => pageView(page))
      return { status: 200, body: { pages, total: matching.length } }
    },
  }),
  defineRoute({
    method: 'post',
    path: BASE,
    operationId: 'createPage',
    summary: 'Create a page',
    description: [
      '`route` is unique among the caller’s pages (400 `A page with this route already exists`, the answer',
      'BrainDrive gives and its clients recognise). It may be sent without its leading "/" (BrainDrive’s',
      'form, e.g. `my-page-1712345678`) and is answered with it, as the spec has routes. `route_segment`',
      'defaults to the route’s last segment, `content` to `{layout: {}, components: []}`; any JSON object',
      'is kept as sent (the studio’s `{layouts, modules, canvas}`). Parent fields are stored as given',
      '(PUT .../hierarchy checks them and derives the route), in Quire’s form: BrainDrive’s',
      '`parent_type: "page"` without a parent route is no parent, its core sections (`dashboard`,',
      '`plugin-studio`, `settings`) the navigation route of that name. `navigation_route_id` (with or',
      'without hyphens) must name a navigation route (400). `creator_id` is the caller; `is_published`',
      'starts false. Unknown fields are ignored.',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    body: createPageBody,
    responses: {
      201: { description: 'The new page (PageResponse)', schema: pageSchema },
      400: routeTakenResponse,
      422: validationResponse,
    },
    async handler({ body }, ports: PagePorts) {
      await requireFreeRoute(ports, body.route)
      await requireNavigationRoute(ports, body.navigation_route_id)
      const record = pageKind.create(ports, {
        ...body,
        ...normaliseParent(body.parent_route, body.parent_type),
        route_segment: body.route_segment ?? lastSegment(body.route),
        creator_id: await ports.currentUserId(),
        is_published: false,
        publish_date: null,
        backup_date: null,
        content_backup: null,
      })
      await pageKind.put(ports, record)
      return { status: 201, body: pageView(record) }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/route/*route`,
    operationId: 'getPageByRoute',
    summary: 'Get the page at a route',
    description:
      'The route without its leading slash; it may hold slashes: ' +
      '`/api/v1/pages/route/docs/intro` answers the page at `/docs/intro`, with `content_backup`.',
    tags,
    errorStyle: 'platform',
    params: pageRouteParams,
    notFoundDetail: PAGE_NOT_FOUND,
    responses: {
      200: { description: 'The page', schema: pageDetailSchema },
      404: notFoundResponse(PAGE_NOT_FOUND),
    },
    async handler({ params: { route } }, ports: PagePorts) {
      const page = await findPageByRoute(ports, `/${route}`)
      if (!page) throw ApiError.notFound(PAGE_NOT_FOUND)
      return { status: 200, body: pageView(page, true) }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:page_id`,
    operationId: 'getPage',
    summary: 'Get a page',
    description: 'The id with or without hyphens. The page with `content_backup` (PageDetailResponse).',
    tags,
    errorStyle: 'platform',
    params,
    notFoundDetail: PAGE_NOT_FOUND,
    responses: {
      200: { description: 'The page', schema: pageDetailSchema },
      404: notFoundResponse(PAGE_NOT_FOUND),
    },
    async handler({ params }, ports: PagePorts) {
      return { status: 200, body: pageView(await pageKind.require(ports, params.page_id), true) }
    },
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/:page_id`,
    operationId: 'updatePage',
    summary: 'Update a page',
    description: [
      'Every create field is optional, and `is_published` (true also sets `publish_date`), as BrainDrive’s',
      'PageUpdate; fields left out keep their value, unknown fields are ignored. A new `route` (either',
      'form) must be free (400 `A page with this route already exists`); without a `route_segment` the',
      'segment follows the new route. `navigation_route_id` "" or null clears it.',
      'Differs from BrainDrive: a new `name` keeps the route (BrainDrive derives a new route from the',
      'name and a timestamp).',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    params,
    notFoundDetail: PAGE_NOT_FOUND,
    body: updatePageBody,
    responses: {
      200: { description: 'The updated page', schema: pageSchema },
      400: routeTakenResponse,
      404: notFoundResponse(PAGE_NOT_FOUND),
      422: validationResponse,
    },
    async handler({ params, body }, ports: PagePorts) {
      const record = await pageKind.require(ports, params.page_id)
      const { parent_route: parentRoute, parent_type: parentType, ...rest } = body
      const patch: Record<string, unknown> = { ...rest }
      if (body.route !== undefined) {
        await requireFreeRoute(ports, body.route, record.id)
        patch.route_segment = body.route_segment ?? lastSegment(body.route)
      }
      await requireNavigationRoute(ports, body.navigation_route_id)
      if (parentRoute !== undefined || parentType !== undefined) {
        Object.assign(
          patch,
          normaliseParent(
            parentRoute !== undefined ? parentRoute : (record.data.parent_route as string | null),
            parentType !== undefined ? parentType : (record.data.parent_type as string | null),
          ),
        )
      }
      if (body.is_published === true) patch.publish_date = toTimestamp(ports.clock.now())
      // patch skips undefined only; nulls (no parent, no icon) are values and are kept.
      const next = pageKind.patch(ports, record, patch)
      await pageKind.put(ports, next)
      return { status: 200, body: pageView(next) }
    },
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/:page_id`,
    operationId: 'deletePage',
    summary: 'Delete a page with its backups and page-scoped settings',
    description:
      'Removes the page, its backups and the setting instances scoped to it, in one atomic write. ' +
      'Pages below it in the hierarchy are kept (their parent_route then names no page).',
    tags,
    errorStyle: 'platform',
    params,
    notFoundDetail: PAGE_NOT_FOUND,
    responses: { 204: { description: 'Deleted' }, 404: notFoundResponse(PAGE_NOT_FOUND) },
    async handler({ params }, ports: PagePorts) {
      const page = await pageKind.require(ports, params.page_id)
      const backups = await pageBackupKind.list(ports, page.id)
      const settings = (await settingInstanceKind.list(ports)).filter((s) => s.data.page_id === page.id)
      await ports.store.records.writeRecords([
        ...[...backups, ...settings].map((r) => ({ delete: { kind: r.kind, id: r.id } })),
        { delete: { kind: pageKind.kind, id: page.id } },
      ])
      return { status: 204 }
    },
  }),
]

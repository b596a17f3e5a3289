import { z } from 'zod'
import { ApiError } from '../../ApiError'
import { defineRoute, type Route } from '../../Route'
import { paginationQuery } from '../../pagination'
import { newRecord, patchedRecord, putRecord, recordView, requireRecord } from '../platformRecords'
import { conflictResponse, notFoundResponse, validationResponse } from '../platformErrors'
import { INSTANCE_KIND } from '../settings/settingSchemas'
import { findPageByRoute, lastSegment, requireFreeRoute } from './pageLookup'
import {
  createPageBody,
  PAGE_BACKUP_KIND,
  PAGE_KIND,
  pageParams,
  pageRouteParams,
  pageSchema,
  updatePageBody,
} from './pageSchemas'

export const PAGE_NOT_FOUND = 'Page not found'
export const pageTags = ['Pages']
const tags = pageTags
const BASE = '/api/v1/pages'

/** User-designed pages: CRUD and lookup by route (hierarchy, publishing and backups in pageActionRoutes). */
export const pageRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: BASE,
    operationId: 'listPages',
    summary: 'List pages',
    description:
      'Answers `{pages, total}` (the spec’s envelope), oldest first. `limit` (1..100, default 20) and ' +
      '`offset` page through them as elsewhere on the platform API (422 beyond); `total` counts all pages.',
    tags,
    errorStyle: 'platform',
    query: paginationQuery,
    responses: {
      200: {
        description: 'One page of pages and the total',
        schema: z.object({ pages: z.array(pageSchema), total: z.int().min(0) }),
      },
      422: validationResponse,
    },
    async handler({ query }, { store }) {
      const all = await store.listRecords(PAGE_KIND)
      const pages = all.slice(query.offset, query.offset + query.limit).map(recordView)
      return { status: 200, body: { pages, total: all.length } }
    },
  }),
  defineRoute({
    method: 'post',
    path: BASE,
    operationId: 'createPage',
    summary: 'Create a page',
    description:
      '`route` starts with "/" and is unique among the caller’s pages (409). `route_segment` defaults to ' +
      'the route’s last segment, `content` to `{layout: {}, components: []}`. Parent fields are stored as ' +
      'given (PUT .../hierarchy checks them and derives the route). `creator_id` is the caller; ' +
      '`is_published` starts false.',
    tags,
    errorStyle: 'platform',
    body: createPageBody,
    responses: {
      201: { description: 'The new page (PageResponse)', schema: pageSchema },
      409: conflictResponse('Another page has this route'),
      422: validationResponse,
    },
    async handler({ body }, ports) {
      await requireFreeRoute(ports, body.route)
      const record = newRecord(ports, PAGE_KIND, {
        ...body,
        route_segment: body.route_segment ?? lastSegment(body.route),
        creator_id: await ports.currentUserId(),
        is_published: false,
      })
      await putRecord(ports, record)
      return { status: 201, body: recordView(record) }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/route/*route`,
    operationId: 'getPageByRoute',
    summary: 'Get the page at a route',
    description:
      'The route without its leading slash; it may hold slashes: `/api/v1/pages/route/docs/intro` ' +
      'answers the page at `/docs/intro`.',
    tags,
    errorStyle: 'platform',
    params: pageRouteParams,
    notFoundDetail: PAGE_NOT_FOUND,
    responses: {
      200: { description: 'The page', schema: pageSchema },
      404: notFoundResponse(PAGE_NOT_FOUND),
    },
    async handler({ params }, ports) {
      const page = await findPageByRoute(ports, `/${params.route}`)
      if (!page) throw ApiError.notFound(PAGE_NOT_FOUND)
      return { status: 200, body: recordView(page) }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:page_id`,
    operationId: 'getPage',
    summary: 'Get a page',
    tags,
    errorStyle: 'platform',
    params: pageParams,
    notFoundDetail: PAGE_NOT_FOUND,
    responses: {
      200: { description: 'The page', schema: pageSchema },
      404: notFoundResponse(PAGE_NOT_FOUND),
    },
    async handler({ params }, ports) {
      return {
        status: 200,
        body: recordView(await requireRecord(ports, PAGE_KIND, params.page_id, PAGE_NOT_FOUND)),
      }
    },
  }),
  defineRoute({
    method: 'put',
    path: `${BASE}/:page_id`,
    operationId: 'updatePage',
    summary: 'Update a page',
    description:
      'Every create field is optional; fields left out keep their value. A new `route` must be free (409); ' +
      'without a `route_segment` the segment follows the new route. Publishing has its own endpoint.',
    tags,
    errorStyle: 'platform',
    params: pageParams,
    notFoundDetail: PAGE_NOT_FOUND,
    body: updatePageBody,
    responses: {
      200: { description: 'The updated page', schema: pageSchema },
      404: notFoundResponse(PAGE_NOT_FOUND),
      409: conflictResponse('Another page has this route'),
      422: validationResponse,
    },
    async handler({ params, body }, ports) {
      const record = await requireRecord(ports, PAGE_KIND, params.page_id, PAGE_NOT_FOUND)
      const patch: Record<string, unknown> = { ...body }
      if (body.route !== undefined) {
        await requireFreeRoute(ports, body.route, record.id)
        patch.route_segment = body.route_segment ?? lastSegment(body.route)
      }
      const next = patchedRecord(ports, record, patch)
      // patchedRecord skips undefined only; nulls (no parent, no icon) are values and are kept.
      await putRecord(ports, next)
      return { status: 200, body: recordView(next) }
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
    params: pageParams,
    notFoundDetail: PAGE_NOT_FOUND,
    responses: { 204: { description: 'Deleted' }, 404: notFoundResponse(PAGE_NOT_FOUND) },
    async handler({ params }, ports) {
      const page = await requireRecord(ports, PAGE_KIND, params.page_id, PAGE_NOT_FOUND)
      const backups = await ports.store.listRecords(PAGE_BACKUP_KIND, { parentId: page.id })
      const settings = (await ports.store.listRecords(INSTANCE_KIND)).filter(
        (s) => s.data.page_id === page.id,
      )
      await ports.store.writeRecords([
        ...[...backups, ...settings].map((r) => ({ delete: { kind: r.kind, id: r.id } })),
        { delete: { kind: PAGE_KIND, id: page.id } },
      ])
      return { status: 204 }
    },
  }),
]

import { z } from 'zod'
import { defineRoute, type Route } from '../../Route'
import { newRecord, patchedRecord, putRecord, recordView, requireRecord } from '../platformRecords'
import { bodyIssue, conflictResponse, notFoundResponse, validationResponse } from '../platformErrors'
import { NAVIGATION_KIND } from '../navigation/navigationRouteSchemas'
import { findPageByRoute, requireFreeRoute } from './pageLookup'
import { PAGE_NOT_FOUND, pageTags as tags } from './pageRoutes'
import {
  hierarchyBody,
  PAGE_BACKUP_KIND,
  PAGE_KIND,
  pageBackupSchema,
  pageParams,
  pageSchema,
} from './pageSchemas'

const BASE = '/api/v1/pages/:page_id'
const common = { tags, errorStyle: 'platform' as const, params: pageParams, notFoundDetail: PAGE_NOT_FOUND }

/** Hierarchy, publishing and backups of a page. */
export const pageActionRoutes: Route[] = [
  defineRoute({
    ...common,
    method: 'put',
    path: `${BASE}/hierarchy`,
    operationId: 'updatePageHierarchy',
    summary: 'Place a page under a parent page or navigation route',
    description: [
      'Fields left out keep their value. `parent_route` names an existing page (`parent_type: page`) or',
      'navigation route (`parent_type: navigation`) by its route, or is null for a top-level page; the',
      'two go together (422 otherwise, and 422 for a parent that does not exist or lies at or below the',
      'page itself). The page’s route becomes `parent_route + "/" + route_segment` and must be free',
      '(409). Pages below the old route keep their routes.',
    ].join(' '),
    body: hierarchyBody,
    responses: {
      200: { description: 'The page with its new place and route', schema: pageSchema },
      404: notFoundResponse(PAGE_NOT_FOUND),
      409: conflictResponse('Another page has the resulting route'),
      422: validationResponse,
    },
    async handler({ params, body }, ports) {
      const page = await requireRecord(ports, PAGE_KIND, params.page_id, PAGE_NOT_FOUND)
      const parentRoute =
        body.parent_route !== undefined ? body.parent_route : (page.data.parent_route as string | null)
      const parentType =
        body.parent_type !== undefined ? body.parent_type : (page.data.parent_type as string | null)
      const segment = body.route_segment ?? String(page.data.route_segment)
      if (parentRoute !== null && parentType === null)
        throw bodyIssue('parent_type', 'A parent route needs its type')
      if (parentRoute === null && parentType !== null)
        throw bodyIssue('parent_route', 'A parent type needs a route')
      if (parentRoute !== null) {
        const own = String(page.data.route)
        if (parentRoute === own || parentRoute.startsWith(`${own}/`))
          throw bodyIssue('parent_route', 'A page cannot be placed at or below itself')
        const parentExists =
          parentType === 'page'
            ? (await findPageByRoute(ports, parentRoute)) !== undefined
            : (await ports.store.listRecords(NAVIGATION_KIND)).some((r) => r.data.route === parentRoute)
        if (!parentExists) throw bodyIssue('parent_route', `No ${parentType} has the route ${parentRoute}`)
      }
      const route = `${parentRoute ?? ''}/${segment}`
      await requireFreeRoute(ports, route, page.id)
      const next = patchedRecord(ports, page, {
        route,
        route_segment: segment,
        is_parent_page: body.is_parent_page,
      })
      next.data.parent_route = parentRoute
      next.data.parent_type = parentType
      await putRecord(ports, next)
      return { status: 200, body: recordView(next) }
    },
  }),
  defineRoute({
    ...common,
    method: 'post',
    path: `${BASE}/publish`,
    operationId: 'publishPage',
    summary: 'Publish or unpublish a page',
    description: '`publish: true` publishes, `false` unpublishes; either is idempotent.',
    body: z.strictObject({ publish: z.boolean() }),
    responses: {
      200: { description: 'The page', schema: pageSchema },
      404: notFoundResponse(PAGE_NOT_FOUND),
      422: validationResponse,
    },
    async handler({ params, body }, ports) {
      const page = await requireRecord(ports, PAGE_KIND, params.page_id, PAGE_NOT_FOUND)
      const next = patchedRecord(ports, page, { is_published: body.publish })
      await putRecord(ports, next)
      return { status: 200, body: recordView(next) }
    },
  }),
  defineRoute({
    ...common,
    method: 'post',
    path: `${BASE}/backup`,
    operationId: 'backupPage',
    summary: 'Keep a copy of a page’s content',
    description:
      '`create_backup: true` stores a copy of the page’s name, route and content as it is now and ' +
      'answers 201 `{page_id, backed_up: true, backup: {id, page_id, name, route, content, created_at}}`. ' +
      '`false` stores nothing and answers 200 with `backed_up: false, backup: null`. Every backup is ' +
      'kept until the page is deleted (its backups go with it).',
    body: z.strictObject({ create_backup: z.boolean() }),
    responses: {
      200: { description: 'Nothing was backed up', schema: backupResponse() },
      201: { description: 'The backup taken', schema: backupResponse() },
      404: notFoundResponse(PAGE_NOT_FOUND),
      422: validationResponse,
    },
    async handler({ params, body }, ports) {
      const page = await requireRecord(ports, PAGE_KIND, params.page_id, PAGE_NOT_FOUND)
      if (!body.create_backup)
        return { status: 200, body: { page_id: page.id, backed_up: false, backup: null } }
      const { name, route, content } = page.data
      const backup = newRecord(ports, PAGE_BACKUP_KIND, { page_id: page.id, name, route, content }, page.id)
      await putRecord(ports, backup)
      const { updated_at: _same, ...view } = recordView(backup)
      return { status: 201, body: { page_id: page.id, backed_up: true, backup: view } }
    },
  }),
]

function backupResponse() {
  return z.object({ page_id: z.uuid(), backed_up: z.boolean(), backup: pageBackupSchema.nullable() })
}

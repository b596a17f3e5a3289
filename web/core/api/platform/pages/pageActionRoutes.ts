import { z } from 'zod'
import { toTimestamp } from '../../../kernel/time/Clock'
import { defineRoute, type Route } from '../../Route'
import { samePath } from '../navigation/navigationTree'
import { navigationRouteKind } from '../../../records/kinds/navigationRouteKind'
import { bodyIssue, notFoundResponse, validationResponse } from '../platformErrors'
import { pageBackupKind } from '../../../records/kinds/pageBackupKind'
import { pageBackupRoutes } from './pageBackupRoutes'
import { takePageBackup } from './pageBackups'
import { pageKind, type PageFields } from '../../../records/kinds/pageKind'
import { findPageByRoute, requireFreeRoute } from './pageLookup'
import { normaliseParent } from './pageParent'
import { PAGE_NOT_FOUND, pageTags as tags, routeTakenResponse } from './pageRoutes'
import { backupLabel, hierarchyBody, pageBackupSchema, pageSchema } from './pageSchemas'
import { pageView } from './pageView'
import type { ApiPorts } from '../../ApiPorts'
import type { RecordPorts } from '../../../records/platformRecords'

/** Publishing and backing up write page and backup records (clock, new ids); moving a page rewrites its record. */
type PageActionPorts = Pick<ApiPorts, 'clock' | 'newId'> & RecordPorts

const BASE = '/api/v1/pages/:page_id'
const common = {
  tags,
  errorStyle: 'platform' as const,
  params: pageKind.params,
  notFoundDetail: PAGE_NOT_FOUND,
}

/** Hierarchy, publishing and backups of a page (the backup history in pageBackupRoutes). */
export const pageActionRoutes: Route[] = [
  defineRoute({
    ...common,
    method: 'put',
    path: `${BASE}/hierarchy`,
    operationId: 'updatePageHierarchy',
    summary: 'Place a page under a parent page or navigation route',
    description: [
      'Fields left out keep their value. `parent_route` names an existing page (`parent_type: page`) or',
      'navigation route (`parent_type: navigation`) by its route (with or without its leading "/"), or is',
      'null or "" for a top-level page; the two go together (422 otherwise, and 422 for a parent that does',
      'not exist or lies at or below the page itself). BrainDrive’s forms are read as Quire’s:',
      '`parent_type: "page"` without a parent route is a top-level page, a core section (`dashboard`,',
      '`plugin-studio`, `settings`) the navigation route of that name. The page’s route becomes',
      '`parent_route + "/" + route_segment` and must be free (400 `A page with this route already exists`).',
      'Pages below the old route keep their routes. Unknown fields are ignored.',
      'Differs from BrainDrive: the route is built from `route_segment` (BrainDrive builds it from the',
      'page’s name and, when taken, adds a timestamp), and a parent page need not be marked',
      '`is_parent_page`.',
    ].join(' '),
    body: hierarchyBody,
    responses: {
      200: { description: 'The page with its new place and route', schema: pageSchema },
      400: routeTakenResponse,
      404: notFoundResponse(PAGE_NOT_FOUND),
      422: validationResponse,
    },
    async handler({ params, body }, ports: PageActionPorts) {
      const page = await pageKind.require(ports, params.page_id)
      const { parent_route: parentRoute, parent_type: parentType } = normaliseParent(
        body.parent_route !== undefined ? body.parent_route : (page.data.parent_route as string | null),
        body.parent_type !== undefined ? body.parent_type : (page.data.parent_type as string | null),
      )
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
            : (await navigationRouteKind.list(ports)).some((r) => samePath(r.data.route, parentRoute))
        if (!parentExists) throw bodyIssue('parent_route', `No ${parentType} has the route ${parentRoute}`)
      }
      const route = `${parentRoute ?? ''}/${segment}`
      await requireFreeRoute(ports, route, page.id)
      const next = pageKind.patch(ports, page, {
        route,
        route_segment: segment,
        is_parent_page: body.is_parent_page,
      })
      next.data.parent_route = parentRoute
      next.data.parent_type = parentType
      await pageKind.put(ports, next)
      return { status: 200, body: pageView(next) }
    },
  }),
  defineRoute({
    ...common,
    method: 'post',
    path: `${BASE}/publish`,
    operationId: 'publishPage',
    summary: 'Publish or unpublish a page',
    description:
      '`publish: true` publishes (and sets `publish_date`), `false` unpublishes (keeping the date of the ' +
      'last publication, as BrainDrive); either is idempotent. Unknown fields are ignored. ' +
      'Quire extension: `publish: true` first keeps a copy of the content in the page’s backup history ' +
      '(label `Before publish`, see GET .../backups) unless its newest backup already holds that content.',
    body: z.object({ publish: z.boolean() }),
    responses: {
      200: { description: 'The page', schema: pageSchema },
      404: notFoundResponse(PAGE_NOT_FOUND),
      422: validationResponse,
    },
    async handler({ params, body }, ports: PageActionPorts) {
      const page = await pageKind.require(ports, params.page_id)
      const next = pageKind.patch(ports, page, {
        is_published: body.publish,
        publish_date: body.publish ? toTimestamp(ports.clock.now()) : undefined,
      })
      const { writes } = body.publish
        ? await takePageBackup(ports, page, { reason: 'publish', skipIfUnchanged: true })
        : { writes: [] }
      await ports.store.records.writeRecords([...writes, { put: next }])
      return { status: 200, body: pageView(next) }
    },
  }),
  defineRoute({
    ...common,
    method: 'post',
    path: `${BASE}/backup`,
    operationId: 'backupPage',
    summary: 'Keep a copy of a page’s content',
    description: [
      'Answers the page (PageResponse), as BrainDrive does, with two more fields: `backed_up` and `backup`.',
      '`create_backup: true` (the default, as BrainDrive’s) stores a copy of the page’s name, route and',
      'content as it is now, sets the page’s `backup_date` and `content_backup` (shown by GET of the page),',
      'and answers 201 with `backed_up: true, backup: {id, page_id, name, route, content, label, reason,',
      'created_at}`. `false` stores nothing and answers 200 with `backed_up: false, backup: null`.',
      'Unknown fields are ignored.',
      'Differs from BrainDrive: a backup taken answers 201 (BrainDrive: 200), and earlier backups are kept',
      '(Quire extension): the page keeps a history of its last 20 backups, the oldest pushed out, listed by',
      'GET .../backups and restorable; the optional `label` (1..100 characters, default `Backup`) names',
      'this one there. Deleting the page deletes its backups.',
    ].join(' '),
    body: z.object({ create_backup: z.boolean().default(true), label: backupLabel.optional() }),
    responses: {
      200: { description: 'Nothing was backed up', schema: backupResponse() },
      201: { description: 'The page, backed up', schema: backupResponse() },
      404: notFoundResponse(PAGE_NOT_FOUND),
      422: validationResponse,
    },
    async handler({ params, body }, ports: PageActionPorts) {
      const page = await pageKind.require(ports, params.page_id)
      if (!body.create_backup)
        return { status: 200, body: { ...pageView(page), backed_up: false, backup: null } }
      const { writes, backup } = await takePageBackup(ports, page, { reason: 'manual', label: body.label })
      if (!backup) throw new Error('A manual backup is always taken')
      const next = pageKind.patch(ports, page, {
        content_backup: (page.data as PageFields).content,
        backup_date: backup.created_at,
      })
      await ports.store.records.writeRecords([...writes, { put: next }])
      const { updated_at: _same, ...backupView } = pageBackupKind.view(backup)
      return { status: 201, body: { ...pageView(next), backed_up: true, backup: backupView } }
    },
  }),
  ...pageBackupRoutes,
]

function backupResponse() {
  return pageSchema
    .extend({ backed_up: z.boolean(), backup: pageBackupSchema.nullable() })
    .meta({ id: 'PageBackupResponse' })
}

import { z } from 'zod'
import { defineRoute, type Route } from '../../Route'
import type { StoredRecord } from '../../../store/StoredRecord'
import { conflict, conflictResponse, notFoundResponse, validationResponse } from '../platformErrors'
import { canonicalId } from '../../../records/recordId'
import { pageKind } from '../../../records/kinds/pageKind'
import { navigationRouteKind as kind } from '../../../records/kinds/navigationRouteKind'
import {
  createNavigationRouteBody,
  listNavigationQuery,
  navigationNodeSchema,
  navigationRouteSchema,
  updateNavigationRouteBody,
} from './navigationRouteSchemas'
import {
  badRequest,
  badRequestResponse,
  listNavigationRoutes,
  orderOf,
  requireFreeNavigationRoute,
  requireNoCycle,
  requireParent,
} from './navigationRules'
import { buildTree, navigationView, parentOf, sortByOrder } from './navigationTree'
import type { ApiPorts } from '../../ApiPorts'
import type { RecordPorts } from '../../../records/platformRecords'

/** Navigation routes are records of the caller's (`user_id` in views); new ones need the clock and ids. */
type NavigationPorts = Pick<ApiPorts, 'clock' | 'newId' | 'currentUserId'> & RecordPorts

export const navigationTags = ['Navigation routes']
const tags = navigationTags
const BASE = '/api/v1/navigation-routes'
const byId = { params: kind.params, notFoundDetail: kind.notFound }

const FIELDS_NOTE =
  'Fields as BrainDrive answers them: `is_visible`, `is_system_route`, `is_collapsible`, ' +
  '`default_component_id`, `default_page_id`, `can_change_default` and `creator_id` (the caller) too. ' +
  'Differs from BrainDrive: `order` and `display_order` are one number (the spec uses both names; ' +
  'BrainDrive keeps two).'

/**
 * BrainDrive's rules for a system route (one a new profile starts with) and for a route whose
 * default may not change (`can_change_default` false), checked before an update is applied.
 */
function requireAllowedChange(record: StoredRecord, body: z.output<typeof updateNavigationRouteBody>): void {
  const data = record.data
  if (data.is_system_route === true) {
    if (body.name !== undefined && body.name !== data.name)
      throw badRequest('Cannot change name for system routes')
    if (body.route !== undefined && body.route !== data.route)
      throw badRequest('Cannot change route path for system routes')
  }
  if (data.can_change_default === true) return
  const component = data.default_component_id ?? null
  if (
    body.default_component_id !== undefined &&
    component !== null &&
    body.default_component_id !== component
  )
    throw badRequest('Cannot change default component for this route')
  const page = data.default_page_id ?? null
  if (body.default_page_id !== undefined && page !== null && body.default_page_id !== page)
    throw badRequest('Cannot change default page for this route')
}

/**
 * The navigation tree's entries. Fixed paths (`/tree`) are registered before `/:route_id`: both
 * routers match in registration order (the uuid params schema would also answer 404 for "tree").
 */
export const navigationRouteRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: `${BASE}/tree`,
    operationId: 'getNavigationTree',
    summary: 'The navigation routes as a tree',
    description:
      'Top-level routes, each with a `children` array and its `depth_level` (0 at the top), every level ' +
      `ordered by \`display_order\`. ${FIELDS_NOTE}`,
    tags,
    errorStyle: 'platform',
    responses: { 200: { description: 'The tree', schema: z.array(navigationNodeSchema) } },
    async handler(_input, ports: NavigationPorts) {
      const routes = await listNavigationRoutes(ports)
      return { status: 200, body: buildTree(routes, await ports.currentUserId()) }
    },
  }),
  defineRoute({
    method: 'get',
    path: BASE,
    operationId: 'listNavigationRoutes',
    summary: 'List navigation routes',
    description:
      'A plain array of every route (all levels), ordered by `display_order`, ties oldest first; ' +
      `\`visible_only=true\` keeps the routes with \`is_visible\` true. ${FIELDS_NOTE}`,
    tags,
    errorStyle: 'platform',
    query: listNavigationQuery,
    responses: {
      200: { description: 'Routes', schema: z.array(navigationRouteSchema) },
      422: validationResponse,
    },
    async handler({ query }, ports: NavigationPorts) {
      const routes = sortByOrder(await listNavigationRoutes(ports))
      const shown = query.visible_only === true ? routes.filter((r) => r.data.is_visible !== false) : routes
      const creator = await ports.currentUserId()
      return { status: 200, body: shown.map((record) => navigationView(record, creator)) }
    },
  }),
  defineRoute({
    method: 'post',
    path: BASE,
    operationId: 'createNavigationRoute',
    summary: 'Create a navigation route',
    description: [
      '`route` is a path with or without a leading "/" (BrainDrive’s clients send `projects`), kept as',
      'sent and unique among navigation routes (`projects` and `/projects` are one path): 400, as',
      'BrainDrive answers. `parent_id` names an existing route or is null (422). `order` or',
      '`display_order` (equal if both are sent) defaults to after the last sibling. Defaults as',
      'BrainDrive’s: `icon` null, `is_expanded`, `is_visible` and `is_collapsible` true,',
      '`can_change_default` false, `default_component_id` and `default_page_id` null (`""` reads as',
      'null); `description` "" (the spec’s string). `is_system_route` and `creator_id` in the body are',
      'ignored, as BrainDrive ignores them: only the routes a new profile starts with are system routes.',
      'Unknown fields are ignored. Differs from BrainDrive: without an order the route goes last',
      '(BrainDrive puts it at 0).',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    body: createNavigationRouteBody,
    responses: {
      201: { description: 'The new route', schema: navigationRouteSchema },
      400: badRequestResponse('Another navigation route has this route'),
      422: validationResponse,
    },
    async handler({ body }, ports: NavigationPorts) {
      const all = await listNavigationRoutes(ports)
      const explicit = orderOf(body)
      requireParent(all, body.parent_id)
      requireFreeNavigationRoute(all, body.route)
      const siblings = all.filter((r) => parentOf(r) === body.parent_id)
      const last = Math.max(-1, ...siblings.map((r) => Number(r.data.display_order)))
      const { order: _order, display_order: _display, ...fields } = body
      const record = kind.create(ports, {
        ...fields,
        display_order: explicit ?? last + 1,
        is_system_route: false,
      })
      await kind.put(ports, record)
      return { status: 201, body: navigationView(record, await ports.currentUserId()) }
    },
  }),
  defineRoute({
    ...byId,
    method: 'get',
    path: `${BASE}/:route_id`,
    operationId: 'getNavigationRoute',
    summary: 'Get a navigation route',
    description: `The id with or without hyphens. ${FIELDS_NOTE} Differs from BrainDrive: no \`creator\` object (Quire keeps no user names in a person’s data).`,
    tags,
    errorStyle: 'platform',
    responses: {
      200: { description: 'The route', schema: navigationRouteSchema },
      404: notFoundResponse(kind.notFound),
    },
    async handler({ params }, ports: NavigationPorts) {
      const record = await kind.require(ports, params.route_id)
      return { status: 200, body: navigationView(record, await ports.currentUserId()) }
    },
  }),
  defineRoute({
    ...byId,
    method: 'put',
    path: `${BASE}/:route_id`,
    operationId: 'updateNavigationRoute',
    summary: 'Update a navigation route',
    description: [
      'Every create field is optional; fields left out or sent as null keep their value, as in',
      'BrainDrive, except `default_page_id` (null clears it) and `parent_id` (null: to the top level;',
      'differs from BrainDrive, which ignores a null parent). A new `parent_id` must exist and not be the',
      'route or one of its descendants (422); a new `route` must be free (400). As in BrainDrive: a',
      'system route keeps its `name` and `route` (400), and a route with `can_change_default` false',
      'keeps a default component or page once it has one (400); `is_system_route` is not changed.',
      'Siblings are not renumbered (PUT .../move does that).',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    body: updateNavigationRouteBody,
    responses: {
      200: { description: 'The updated route', schema: navigationRouteSchema },
      400: badRequestResponse('A taken route, or a change the route’s rules refuse'),
      404: notFoundResponse(kind.notFound),
      422: validationResponse,
    },
    async handler({ params, body }, ports: NavigationPorts) {
      const record = await kind.require(ports, params.route_id)
      const all = await listNavigationRoutes(ports)
      const { order: _order, display_order: _display, ...fields } = body
      const displayOrder = orderOf(body)
      if (body.parent_id !== undefined) {
        requireParent(all, body.parent_id)
        requireNoCycle(all, new Map([[record.id, body.parent_id]]))
      }
      if (body.route !== undefined) requireFreeNavigationRoute(all, body.route, record.id)
      requireAllowedChange(record, body)
      const next = kind.patch(ports, record, { ...fields, display_order: displayOrder })
      // `patch` skips undefined only, so a null default_page_id and parent_id are written.
      await kind.put(ports, next)
      return { status: 200, body: navigationView(next, await ports.currentUserId()) }
    },
  }),
  defineRoute({
    ...byId,
    method: 'delete',
    path: `${BASE}/:route_id`,
    operationId: 'deleteNavigationRoute',
    summary: 'Delete a navigation route',
    description: [
      'As in BrainDrive, a system route (one a new profile starts with) and a route that pages name as',
      'their `navigation_route_id` answer 400. Differs from BrainDrive: a route with children answers',
      '409 (move or delete them first) where BrainDrive deletes the children with it.',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    responses: {
      204: { description: 'Deleted' },
      400: badRequestResponse('A system route, or one pages use'),
      404: notFoundResponse(kind.notFound),
      409: conflictResponse('The route has children'),
    },
    async handler({ params }, ports: NavigationPorts) {
      const record = await kind.require(ports, params.route_id)
      if (record.data.is_system_route === true) throw badRequest('Cannot delete system routes')
      const pages = (await pageKind.list(ports)).filter(
        (page) => canonicalId(String(page.data.navigation_route_id)) === record.id,
      )
      if (pages.length > 0)
        throw badRequest(`Cannot delete route: ${pages.length} page(s) are using this route`)
      const children = (await listNavigationRoutes(ports)).filter((r) => parentOf(r) === record.id)
      if (children.length > 0)
        throw conflict(`The route has ${children.length} child route(s); move or delete them first`)
      await kind.remove(ports, record.id)
      return { status: 204 }
    },
  }),
]

import { z } from 'zod'
import { defineRoute, type Route } from '../../Route'
import { newRecord, patchedRecord, putRecord, requireRecord } from '../platformRecords'
import { conflict, conflictResponse, notFoundResponse, validationResponse } from '../platformErrors'
import {
  createNavigationRouteBody,
  NAVIGATION_KIND,
  navigationNodeSchema,
  navigationRouteParams,
  navigationRouteSchema,
  updateNavigationRouteBody,
} from './navigationRouteSchemas'
import {
  listNavigationRoutes,
  orderOf,
  requireFreeNavigationRoute,
  requireNoCycle,
  requireParent,
} from './navigationRules'
import { buildTree, navigationView, parentOf, sortByOrder } from './navigationTree'

export const NAVIGATION_NOT_FOUND = 'Navigation route not found'
export const navigationTags = ['Navigation routes']
const tags = navigationTags
const BASE = '/api/v1/navigation-routes'
const byId = { params: navigationRouteParams, notFoundDetail: NAVIGATION_NOT_FOUND }

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
    description: 'Top-level routes, each with a `children` array, every level ordered by `display_order`.',
    tags,
    errorStyle: 'platform',
    responses: { 200: { description: 'The tree', schema: z.array(navigationNodeSchema) } },
    async handler(_input, ports) {
      return { status: 200, body: buildTree(await listNavigationRoutes(ports)) }
    },
  }),
  defineRoute({
    method: 'get',
    path: BASE,
    operationId: 'listNavigationRoutes',
    summary: 'List navigation routes',
    description:
      'A plain array of every route (all levels), ordered by `display_order`, ties oldest first. ' +
      '`order` and `display_order` are the same number (the spec uses both names).',
    tags,
    errorStyle: 'platform',
    responses: { 200: { description: 'Routes', schema: z.array(navigationRouteSchema) } },
    async handler(_input, ports) {
      return { status: 200, body: sortByOrder(await listNavigationRoutes(ports)).map(navigationView) }
    },
  }),
  defineRoute({
    method: 'post',
    path: BASE,
    operationId: 'createNavigationRoute',
    summary: 'Create a navigation route',
    description: [
      '`route` starts with "/" and is unique among navigation routes (409). `parent_id` names an existing',
      'route or is null (422). `order` or `display_order` (equal if both are sent) defaults to after the',
      'last sibling. Defaults: `icon` null, `description` "", `is_expanded` false.',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    body: createNavigationRouteBody,
    responses: {
      201: { description: 'The new route', schema: navigationRouteSchema },
      409: conflictResponse('Another navigation route has this route'),
      422: validationResponse,
    },
    async handler({ body }, ports) {
      const all = await listNavigationRoutes(ports)
      const explicit = orderOf(body)
      requireParent(all, body.parent_id)
      requireFreeNavigationRoute(all, body.route)
      const siblings = all.filter((r) => parentOf(r) === body.parent_id)
      const last = Math.max(-1, ...siblings.map((r) => Number(r.data.display_order)))
      const { order: _order, ...fields } = body
      const record = newRecord(ports, NAVIGATION_KIND, { ...fields, display_order: explicit ?? last + 1 })
      await putRecord(ports, record)
      return { status: 201, body: navigationView(record) }
    },
  }),
  defineRoute({
    ...byId,
    method: 'get',
    path: `${BASE}/:route_id`,
    operationId: 'getNavigationRoute',
    summary: 'Get a navigation route',
    tags,
    errorStyle: 'platform',
    responses: {
      200: { description: 'The route', schema: navigationRouteSchema },
      404: notFoundResponse(NAVIGATION_NOT_FOUND),
    },
    async handler({ params }, ports) {
      const record = await requireRecord(ports, NAVIGATION_KIND, params.route_id, NAVIGATION_NOT_FOUND)
      return { status: 200, body: navigationView(record) }
    },
  }),
  defineRoute({
    ...byId,
    method: 'put',
    path: `${BASE}/:route_id`,
    operationId: 'updateNavigationRoute',
    summary: 'Update a navigation route',
    description:
      'Every create field is optional; fields left out keep their value. A new `parent_id` must exist and ' +
      'not be the route or one of its descendants (422); a new `route` must be free (409). Siblings are ' +
      'not renumbered (PUT .../move does that).',
    tags,
    errorStyle: 'platform',
    body: updateNavigationRouteBody,
    responses: {
      200: { description: 'The updated route', schema: navigationRouteSchema },
      404: notFoundResponse(NAVIGATION_NOT_FOUND),
      409: conflictResponse('Another navigation route has this route'),
      422: validationResponse,
    },
    async handler({ params, body }, ports) {
      const record = await requireRecord(ports, NAVIGATION_KIND, params.route_id, NAVIGATION_NOT_FOUND)
      const all = await listNavigationRoutes(ports)
      const { order: _order, display_order: _display, ...fields } = body
      const displayOrder = orderOf(body)
      if (body.parent_id !== undefined) {
        requireParent(all, body.parent_id)
        requireNoCycle(all, new Map([[record.id, body.parent_id]]))
      }
      if (body.route !== undefined) requireFreeNavigationRoute(all, body.route, record.id)
      const next = patchedRecord(ports, record, { ...fields, display_order: displayOrder })
      await putRecord(ports, next)
      return { status: 200, body: navigationView(next) }
    },
  }),
  defineRoute({
    ...byId,
    method: 'delete',
    path: `${BASE}/:route_id`,
    operationId: 'deleteNavigationRoute',
    summary: 'Delete a navigation route that has no children',
    description: 'A route with children answers 409: move or delete them first.',
    tags,
    errorStyle: 'platform',
    responses: {
      204: { description: 'Deleted' },
      404: notFoundResponse(NAVIGATION_NOT_FOUND),
      409: conflictResponse('The route has children'),
    },
    async handler({ params }, ports) {
      const record = await requireRecord(ports, NAVIGATION_KIND, params.route_id, NAVIGATION_NOT_FOUND)
      const children = (await listNavigationRoutes(ports)).filter((r) => parentOf(r) === record.id)
      if (children.length > 0)
        throw conflict(`The route has ${children.length} child route(s); move or delete them first`)
      await ports.store.writeRecords([{ delete: { kind: NAVIGATION_KIND, id: record.id } }])
      return { status: 204 }
    },
  }),
]

import { check, checkEqual, checkNewRecord } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { expectStatus, UNKNOWN_ID } from './contractFixtures'
import { expectValidationIssue, uniqueSuffix } from './expectValidationIssue'
import { responseJson } from './responseJson'

const BASE = '/api/v1/navigation-routes'

interface NavRoute {
  id: string
  name: string
  route: string
  parent_id: string | null
  order: number
  display_order: number
  is_expanded: boolean
  [key: string]: unknown
}
interface Node extends NavRoute {
  children: Node[]
}

async function create(client: ContractClient, fields: Record<string, unknown> = {}): Promise<NavRoute> {
  const response = await client({
    method: 'POST',
    path: BASE,
    json: { name: 'Entry', route: `/nav-${uniqueSuffix()}`, ...fields },
  })
  expectStatus(response, 201)
  return responseJson<NavRoute>(response)
}

async function get(client: ContractClient, id: string): Promise<NavRoute> {
  return responseJson<NavRoute>(await client({ method: 'GET', path: `${BASE}/${id}` }))
}

function findNode(nodes: Node[], id: string): Node | undefined {
  for (const node of nodes) {
    if (node.id === id) return node
    const found = findNode(node.children, id)
    if (found) return found
  }
  return undefined
}

export const navigationRoutesContract: HostCase<ContractClient>[] = [
  {
    name: 'Navigation routes: POST with defaults and order after the last sibling; GET one; 422s; route unique (400); unknown fields ignored',
    async run(client) {
      const root = await create(client, { icon: 'home', description: 'Root' })
      checkNewRecord(root)
      checkEqual(
        [root.parent_id, root.is_expanded, root.order === root.display_order],
        [null, true, true],
        'defaults (is_expanded true, as BrainDrive)',
      )
      const a = await create(client, { parent_id: root.id })
      const b = await create(client, { parent_id: root.id })
      checkEqual([a.display_order, b.display_order], [0, 1], 'children numbered in order of creation')
      const c = await create(client, { parent_id: root.id, order: 7 })
      checkEqual([c.order, c.display_order], [7, 7], '`order` sets display_order')
      checkEqual(await get(client, a.id), a, 'GET one')
      expectStatus(
        await client({ method: 'POST', path: BASE, json: { name: 'Twin', route: root.route } }),
        400,
        'already exists',
      )
      expectStatus(
        await client({ method: 'POST', path: BASE, json: { name: 'Twin', route: root.route.slice(1) } }),
        400,
        'already exists',
      )

      const post = (json: unknown) => client({ method: 'POST', path: BASE, json })
      const route = `/nav-bad-${uniqueSuffix()}`
      expectValidationIssue(await post({ route }), 'body.name')
      expectValidationIssue(await post({ name: 'n', route, order: 'first' }), 'body.order')
      expectValidationIssue(await post({ name: 'n', route, parent_id: UNKNOWN_ID }), 'body.parent_id')
      expectValidationIssue(await post({ name: 'n', route, parent_id: 'nope' }), 'body.parent_id')
      expectValidationIssue(
        await post({ name: 'n', route, order: 1, display_order: 2 }),
        'body.display_order',
      )
      expectValidationIssue(await post({ name: 'n', route: 'two words' }), 'body.route')
      const coloured = await post({ name: 'n', route, colour: 'red' })
      expectStatus(coloured, 201)
      check(!('colour' in responseJson<NavRoute>(coloured)), 'an unknown field is ignored, not stored')
      expectStatus(
        await client({ method: 'GET', path: `${BASE}/${UNKNOWN_ID}` }),
        404,
        'Navigation route not found',
      )
      expectStatus(
        await client({ method: 'GET', path: `${BASE}/not-a-uuid` }),
        404,
        'Navigation route not found',
      )
    },
  },
  {
    name: 'Navigation routes: GET lists by display_order and /tree nests ordered children',
    async run(client) {
      const root = await create(client, { display_order: 0 })
      const late = await create(client, { parent_id: root.id, display_order: 5 })
      const early = await create(client, { parent_id: root.id, display_order: 1 })
      const grandchild = await create(client, { parent_id: early.id })
      const list = responseJson<NavRoute[]>(await client({ method: 'GET', path: BASE }))
      const orders = list.map((r) => r.display_order)
      checkEqual(
        orders,
        [...orders].sort((x, y) => x - y),
        'list ordered by display_order',
      )
      check(
        list.findIndex((r) => r.id === early.id) < list.findIndex((r) => r.id === late.id),
        'early before late',
      )
      const tree = responseJson<Node[]>(await client({ method: 'GET', path: `${BASE}/tree` }))
      check(
        tree.every((n) => n.parent_id === null),
        'top level holds roots only',
      )
      const node = findNode(tree, root.id)
      checkEqual(
        node?.children.map((n) => n.id),
        [early.id, late.id],
        'children ordered',
      )
      checkEqual(
        node?.children[0]?.children.map((n) => n.id),
        [grandchild.id],
        'grandchild nested',
      )
      checkEqual(node?.children[0]?.children[0]?.children, [], 'leaf has an empty children array')
    },
  },
  {
    name: 'Navigation routes: PUT updates fields and refuses cycles; DELETE refuses a route with children',
    async run(client) {
      const root = await create(client)
      const child = await create(client, { parent_id: root.id })
      const path = `${BASE}/${root.id}`
      const updated = responseJson<NavRoute>(
        await client({ method: 'PUT', path, json: { name: 'Home', is_expanded: true } }),
      )
      checkEqual(
        [updated.name, updated.is_expanded, updated.route],
        ['Home', true, root.route],
        'updated fields',
      )
      expectValidationIssue(
        await client({ method: 'PUT', path, json: { parent_id: child.id } }),
        'body.parent_id',
      )
      expectValidationIssue(
        await client({ method: 'PUT', path, json: { parent_id: root.id } }),
        'body.parent_id',
      )
      expectValidationIssue(
        await client({ method: 'PUT', path, json: { is_expanded: 'yes' } }),
        'body.is_expanded',
      )
      expectStatus(await client({ method: 'PUT', path, json: { route: child.route } }), 400, 'already exists')
      expectStatus(await client({ method: 'PUT', path: `${BASE}/${UNKNOWN_ID}`, json: { name: 'x' } }), 404)
      expectStatus(await client({ method: 'DELETE', path }), 409)
      expectStatus(await client({ method: 'DELETE', path: `${BASE}/${child.id}` }), 204)
      expectStatus(await client({ method: 'DELETE', path }), 204)
      expectStatus(await client({ method: 'GET', path }), 404)
      expectStatus(await client({ method: 'DELETE', path }), 404)
    },
  },
  {
    name: 'Navigation routes: PUT move inserts at a position and renumbers both sibling lists; 422 for cycles and unknown parents',
    async run(client) {
      const left = await create(client)
      const right = await create(client)
      const [l0, l1, l2] = [
        await create(client, { parent_id: left.id }),
        await create(client, { parent_id: left.id }),
        await create(client, { parent_id: left.id }),
      ]
      const [r0, r1] = [
        await create(client, { parent_id: right.id }),
        await create(client, { parent_id: right.id }),
      ]
      const move = (id: string, json: unknown) => client({ method: 'PUT', path: `${BASE}/${id}/move`, json })
      const moved = responseJson<NavRoute>(await move(l1!.id, { parent_id: right.id, display_order: 1 }))
      checkEqual([moved.parent_id, moved.display_order], [right.id, 1], 'moved')
      const children = async (parent: string) =>
        findNode(
          responseJson<Node[]>(await client({ method: 'GET', path: `${BASE}/tree` })),
          parent,
        )?.children.map((n) => [n.id, n.display_order])
      checkEqual(
        await children(right.id),
        [
          [r0!.id, 0],
          [l1!.id, 1],
          [r1!.id, 2],
        ],
        'new siblings renumbered',
      )
      checkEqual(
        await children(left.id),
        [
          [l0!.id, 0],
          [l2!.id, 1],
        ],
        'old siblings renumbered',
      )
      const last = responseJson<NavRoute>(await move(l0!.id, { parent_id: left.id, display_order: 99 }))
      checkEqual(last.display_order, 1, 'past the end: last')
      const top = responseJson<NavRoute>(await move(l2!.id, { parent_id: null, display_order: 0 }))
      checkEqual([top.parent_id, top.display_order], [null, 0], 'moved to the top level')
      expectValidationIssue(await move(left.id, { parent_id: l0!.id, display_order: 0 }), 'body.parent_id')
      expectValidationIssue(
        await move(left.id, { parent_id: UNKNOWN_ID, display_order: 0 }),
        'body.parent_id',
      )
      expectValidationIssue(await move(left.id, { parent_id: null }), 'body.display_order')
      expectValidationIssue(await move(left.id, { parent_id: null, display_order: -1 }), 'body.display_order')
      expectStatus(await move(UNKNOWN_ID, { parent_id: null, display_order: 0 }), 404)
    },
  },
  {
    name: 'Navigation routes: batch-update applies all entries or none',
    async run(client) {
      const parent = await create(client)
      const a = await create(client)
      const b = await create(client, { parent_id: parent.id })
      const batch = (json: unknown) => client({ method: 'POST', path: `${BASE}/batch-update`, json })
      const response = await batch([
        { id: a.id, parent_id: parent.id, display_order: 0, is_expanded: true },
        { id: b.id, parent_id: null, display_order: 3 },
      ])
      expectStatus(response, 200)
      const updated = responseJson<NavRoute[]>(response)
      checkEqual(
        updated.map((r) => [r.id, r.parent_id, r.display_order, r.is_expanded]),
        [
          [a.id, parent.id, 0, true],
          [b.id, null, 3, true],
        ],
        'applied',
      )

      const before = [await get(client, a.id), await get(client, b.id)]
      expectStatus(
        await batch([
          { id: a.id, parent_id: null, display_order: 9 },
          { id: UNKNOWN_ID, parent_id: null, display_order: 0 },
        ]),
        404,
        UNKNOWN_ID,
      )
      expectValidationIssue(
        await batch([
          { id: a.id, parent_id: null, display_order: 9 },
          { id: b.id, parent_id: UNKNOWN_ID, display_order: 0 },
        ]),
        'body.1.parent_id',
      )
      expectValidationIssue(
        await batch([
          { id: parent.id, parent_id: a.id, display_order: 0 },
          { id: b.id, parent_id: null, display_order: 1 },
        ]),
        'body.parent_id',
      )
      expectValidationIssue(
        await batch([
          { id: a.id, parent_id: null, display_order: 1 },
          { id: a.id, parent_id: null, display_order: 2 },
        ]),
        'body.1.id',
      )
      expectValidationIssue(await batch([{ id: a.id, display_order: -1 }]), 'body.0.display_order')
      expectValidationIssue(await batch([{ parent_id: null, display_order: 1 }]), 'body.0.id')
      expectValidationIssue(await batch({ id: a.id, parent_id: null, display_order: 1 }), 'body')
      checkEqual(
        [await get(client, a.id), await get(client, b.id)],
        before,
        'nothing changed by refused batches',
      )
    },
  },
]

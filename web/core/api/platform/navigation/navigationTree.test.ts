import { describe, expect, it } from 'vitest'
import type { StoredRecord } from '../../../store/StoredRecord'
import { buildTree, findCycle, navigationView, sortByOrder } from './navigationTree'

function route(id: string, parent_id: string | null, display_order: number): StoredRecord {
  return {
    kind: 'navigation_route',
    id,
    parent_id: null,
    data: { name: id, route: `/${id}`, parent_id, display_order },
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  }
}

describe('navigation tree', () => {
  it('orders by display_order, keeping store order for ties', () => {
    const records = [route('a', null, 2), route('b', null, 1), route('c', null, 2), route('d', null, 0)]
    expect(sortByOrder(records).map((r) => r.id)).toEqual(['d', 'b', 'a', 'c'])
  })

  it('nests children under their parents, each level ordered', () => {
    const records = [
      route('root2', null, 1),
      route('root1', null, 0),
      route('x', 'root1', 1),
      route('y', 'root1', 0),
      route('z', 'y', 0),
    ]
    const tree = buildTree(records)
    expect(tree.map((n) => n.id)).toEqual(['root1', 'root2'])
    expect(tree[0]?.children.map((n) => n.id)).toEqual(['y', 'x'])
    expect(tree[0]?.children[0]?.children.map((n) => n.id)).toEqual(['z'])
    expect(tree[1]?.children).toEqual([])
  })

  it('shows a route whose parent is gone at the top level; a stored cycle does not recurse', () => {
    const tree = buildTree([route('orphan', 'missing', 0), route('p', 'q', 0), route('q', 'p', 0)])
    expect(tree.map((n) => n.id)).toEqual(['orphan'])
  })

  it('repeats display_order as order in the view', () => {
    expect(navigationView(route('a', null, 7))).toMatchObject({ id: 'a', order: 7, display_order: 7 })
  })

  it('finds cycles, direct and longer, and accepts forests', () => {
    expect(
      findCycle(
        new Map([
          ['a', null],
          ['b', 'a'],
          ['c', 'b'],
        ]),
      ),
    ).toBeNull()
    expect(findCycle(new Map([['a', 'a']]))).toBe('a')
    expect(
      findCycle(
        new Map([
          ['a', 'c'],
          ['b', 'a'],
          ['c', 'b'],
          ['d', null],
        ]),
      ),
    ).not.toBeNull()
  })
})

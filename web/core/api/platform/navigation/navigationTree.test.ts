import { describe, expect, it } from 'vitest'
import type { StoredRecord } from '../../../store/StoredRecord'
import { buildTree, findCycle, navigationView, samePath, sortByOrder } from './navigationTree'

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
    const tree = buildTree(records, 'me')
    expect(tree.map((n) => n.id)).toEqual(['root1', 'root2'])
    expect(tree[0]?.children.map((n) => n.id)).toEqual(['y', 'x'])
    expect(tree[0]?.children[0]?.children.map((n) => n.id)).toEqual(['z'])
    expect(tree[1]?.children).toEqual([])
    expect([tree[0]?.depth_level, tree[0]?.children[0]?.depth_level]).toEqual([0, 1])
    expect(tree[0]?.children[0]?.children[0]?.depth_level).toBe(2)
  })

  it('shows a route whose parent is gone at the top level; a stored cycle does not recurse', () => {
    const tree = buildTree([route('orphan', 'missing', 0), route('p', 'q', 0), route('q', 'p', 0)], 'me')
    expect(tree.map((n) => n.id)).toEqual(['orphan'])
  })

  it('repeats display_order as order in the view, with the caller as creator_id', () => {
    expect(navigationView(route('a', null, 7), 'me')).toMatchObject({
      id: 'a',
      order: 7,
      display_order: 7,
      creator_id: 'me',
    })
  })

  it('shows a route stored before the BrainDrive fields with BrainDrive’s defaults', () => {
    expect(navigationView(route('a', null, 0), 'me')).toMatchObject({
      icon: null,
      description: '',
      is_visible: true,
      is_system_route: false,
      is_collapsible: true,
      is_expanded: true,
      default_component_id: null,
      default_page_id: null,
      can_change_default: false,
    })
    const stored = route('b', null, 0)
    stored.data = { ...stored.data, is_expanded: false, order: 99 }
    expect(navigationView(stored, 'me')).toMatchObject({ is_expanded: false, order: 0 })
  })

  it('reads a path with and without its leading slash as one', () => {
    expect([samePath('projects', '/projects'), samePath('/a/b', 'a/b'), samePath('a', 'b')]).toEqual([
      true,
      true,
      false,
    ])
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

import { describe, expect, it } from 'vitest'
import type { NavigationTreeNode, PublishedPage } from './navigationApi'
import { buildEntries, planDrop, planMove } from './navigationModel'

let next = 0
function node(name: string, route: string, fields: Partial<NavigationTreeNode> = {}): NavigationTreeNode {
  next += 1
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name,
    route,
    icon: null,
    description: '',
    order: 0,
    display_order: 0,
    parent_id: null,
    is_expanded: true,
    is_visible: true,
    is_system_route: false,
    is_collapsible: true,
    default_component_id: null,
    default_page_id: null,
    can_change_default: true,
    creator_id: 'current',
    created_at: '',
    updated_at: '',
    depth_level: 0,
    children: [],
    ...fields,
  }
}

function page(name: string, route: string, fields: Partial<PublishedPage> = {}): PublishedPage {
  return {
    id: `10000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`,
    name,
    route,
    route_segment: route,
    parent_route: null,
    parent_type: null,
    is_parent_page: false,
    description: null,
    icon: null,
    navigation_route_id: null,
    content: {},
    creator_id: 'current',
    is_published: true,
    publish_date: null,
    backup_date: null,
    created_at: '',
    updated_at: '',
    ...fields,
  }
}

const system = { is_system_route: true, is_collapsible: false }

function seeded() {
  const settings = node('Settings', 'settings', system)
  const personas = node('Personas', 'personas', system)
  const manager = node('Plugin Manager', 'plugin-manager', system)
  const studio = node('Page Builder', 'plugin-studio', system)
  const dashboard = node('Your BrainDrive', 'dashboard', {
    is_system_route: true,
    children: [settings, personas, manager, studio],
  })
  return { dashboard, settings, personas, manager, studio }
}

describe('buildEntries', () => {
  it('maps the seeded system routes to Quire screens and hides those without one', () => {
    const { dashboard } = seeded()
    const [group] = buildEntries([dashboard], [])
    expect(group).toMatchObject({ name: 'Your BrainDrive', href: null, collapsible: true, expanded: true })
    expect(group?.children.map((c) => [c.name, c.href])).toEqual([
      ['Settings', '/settings'],
      ['Plugin Manager', '/plugins'],
    ])
  })

  it('keeps every route in edit mode, and shows a system route opening its default page', () => {
    const { dashboard, personas } = seeded()
    expect(buildEntries([dashboard], [], true)[0]?.children).toHaveLength(4)
    const board = page('Board', '/board')
    personas.default_page_id = board.id
    const names = buildEntries([dashboard], [board])[0]?.children.map((c) => [c.name, c.href])
    expect(names).toContainEqual(['Personas', '/p/board'])
  })

  it('puts published pages under their navigation route or parent route, by name, opening /p/<route>', () => {
    const projects = node('Projects', 'projects')
    const other = node('Other', 'other')
    const pages = [
      page('Zeta', '/zeta', { navigation_route_id: projects.id.replace(/-/g, '') }),
      page('Alpha', '/projects/alpha', { parent_route: '/projects' }),
      page('Elsewhere', '/elsewhere', { navigation_route_id: other.id }),
    ]
    const [entry] = buildEntries([projects], pages)
    expect(entry?.children.map((c) => [c.kind, c.name, c.href])).toEqual([
      ['page', 'Alpha', '/p/projects/alpha'],
      ['page', 'Zeta', '/p/zeta'],
    ])
    expect(entry?.href).toBeNull()
  })

  it('reads is_expanded and leaves out invisible routes', () => {
    const child = node('Child', 'child')
    const folded = node('Folded', 'folded', { is_expanded: false, children: [child] })
    const hidden = node('Hidden', 'hidden', { is_visible: false })
    const entries = buildEntries([folded, hidden], [])
    expect(entries.map((e) => [e.name, e.expanded, e.collapsible])).toEqual([['Folded', false, true]])
  })
})

describe('planMove', () => {
  const tree = () => {
    const a = node('A', 'a')
    const b1 = node('B1', 'b1')
    const b = node('B', 'b', { children: [b1] })
    const c = node('C', 'c')
    return { tree: [a, b, c], a, b, b1, c }
  }

  it('moves up and down among siblings, not past the ends', () => {
    const t = tree()
    expect(planMove(t.tree, t.b.id, 'up')).toEqual({
      parentId: null,
      displayOrder: 0,
      announcement: 'Moved B to the top level, position 1',
    })
    expect(planMove(t.tree, t.b.id, 'down')?.displayOrder).toBe(2)
    expect(planMove(t.tree, t.a.id, 'up')).toBeNull()
    expect(planMove(t.tree, t.c.id, 'down')).toBeNull()
  })

  it('indents under the sibling before (last among its children) and outdents to just after the parent', () => {
    const t = tree()
    expect(planMove(t.tree, t.c.id, 'indent')).toEqual({
      parentId: t.b.id,
      displayOrder: 1,
      announcement: 'Moved C under B, position 2',
    })
    expect(planMove(t.tree, t.a.id, 'indent')).toBeNull()
    expect(planMove(t.tree, t.b1.id, 'outdent')).toEqual({
      parentId: null,
      displayOrder: 2,
      announcement: 'Moved B1 to the top level, position 3',
    })
    expect(planMove(t.tree, t.a.id, 'outdent')).toBeNull()
  })
})

describe('planDrop', () => {
  it('drops under a route, refuses a drop into itself or its descendants, and drops to the top level', () => {
    const b1 = node('B1', 'b1')
    const b = node('B', 'b', { children: [b1] })
    const a = node('A', 'a')
    const tree = [a, b]
    expect(planDrop(tree, a.id, b.id)).toEqual({
      parentId: b.id,
      displayOrder: 1,
      announcement: 'Moved A under B, position 2',
    })
    expect(planDrop(tree, b.id, b1.id)).toBeNull()
    expect(planDrop(tree, b.id, b.id)).toBeNull()
    expect(planDrop(tree, b1.id, null)?.displayOrder).toBe(2)
    expect(planDrop(tree, b.id, null)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { buildEntries, buildSidebar, parentPageOf } from './navigationModel'
import { node, page, seeded } from './navigationTestData'

describe('buildEntries', () => {
  it('maps the seeded system routes to Quire screens and hides those without one', () => {
    const { dashboard } = seeded()
    const [group] = buildEntries([dashboard], [])
    expect(group).toMatchObject({ name: 'Your BrainDrive', href: null, collapsible: true, expanded: true })
    expect(group?.children.map((c) => [c.name, c.href])).toEqual([
      ['Settings', '/settings'],
      ['Plugin Manager', '/plugins'],
      ['Page Builder', '/pages'],
    ])
  })

  it('keeps every route in edit mode, and shows a system route opening its default page', () => {
    const { dashboard, personas } = seeded()
    expect(buildEntries([dashboard], [], { all: true })[0]?.children).toHaveLength(4)
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

describe('pages under parent pages', () => {
  const tree = () => {
    const boards = node('Boards', 'boards')
    const weekly = page('Weekly', '/weekly', { navigation_route_id: boards.id })
    const monday = page('Monday', '/weekly/monday', { parent_route: '/weekly', parent_type: 'page' })
    // BrainDrive names the parent page by parent_route alone (no parent_type).
    const notes = page('Notes', '/weekly/monday/notes', { parent_route: 'weekly/monday' })
    const friday = page('Friday', '/weekly/friday', {
      parent_route: '/weekly',
      parent_type: 'page',
      navigation_route_id: boards.id,
    })
    return { boards, weekly, monday, notes, friday, pages: [notes, friday, monday, weekly] }
  }

  it('nests a page under its published parent page, to any depth, by name, under the route of the top page', () => {
    const t = tree()
    const [route] = buildEntries([t.boards], t.pages)
    const shape = (
      entries: typeof route extends undefined ? never : NonNullable<typeof route>['children'],
    ): unknown => entries.map((e) => [e.name, e.href, e.collapsible, shape(e.children)])
    expect(shape(route?.children ?? [])).toEqual([
      [
        'Weekly',
        '/p/weekly',
        true,
        [
          ['Friday', '/p/weekly/friday', false, []],
          ['Monday', '/p/weekly/monday', true, [['Notes', '/p/weekly/monday/notes', false, []]]],
        ],
      ],
    ])
  })

  it('folds a parent page the person folded; an unpublished parent page leaves its child where its route puts it', () => {
    const t = tree()
    const [route] = buildEntries([t.boards], t.pages, { folded: new Set([t.weekly.id]) })
    expect(route?.children[0]).toMatchObject({ name: 'Weekly', expanded: false, collapsible: true })
    const withoutParent = t.pages.filter((p) => p.id !== t.weekly.id)
    expect(parentPageOf(t.friday, withoutParent)).toBeUndefined()
    expect(buildEntries([t.boards], withoutParent)[0]?.children.map((e) => e.name)).toEqual(['Friday'])
  })

  it('does not loop on pages naming each other as parents', () => {
    const boards = node('Boards', 'boards')
    const a = page('A', '/a', { parent_route: '/b', navigation_route_id: boards.id })
    const b = page('B', '/b', { parent_route: '/a', navigation_route_id: boards.id })
    expect(buildEntries([boards], [a, b])[0]?.children).toEqual([])
  })
})

describe('hidden routes', () => {
  it('marks hidden routes in edit mode', () => {
    const hidden = node('Hidden', 'hidden', { is_visible: false })
    expect(buildEntries([hidden], [], { all: true }).map((e) => [e.name, e.hidden])).toEqual([
      ['Hidden', true],
    ])
  })
})

describe('buildSidebar', () => {
  it('is one navigation: the seeded routes are Quire screens, named for Quire, and "Your BrainDrive" is no entry', () => {
    const { dashboard } = seeded()
    const sidebar = buildSidebar([dashboard], [])
    expect(sidebar.screens.map((s) => [s.name, s.href])).toEqual([
      ['Collections', '/collections'],
      ['Chat', '/chat'],
      ['Search', '/search'],
      ['Pages', '/pages'],
      ['Plugins', '/plugins'],
      ['Settings', '/settings'],
    ])
    expect(sidebar.yours).toEqual([])
  })

  it("shows a top-level published page (no route, no parent page) at /p/<route>, after the person's routes", () => {
    const { dashboard } = seeded()
    const projects = node('Projects', 'projects')
    const inRoute = page('In a route', '/in-a-route', { navigation_route_id: projects.id })
    const top = page('Reading list', '/reading-list')
    const orphan = page('Orphan', '/orphan', { navigation_route_id: '99999999-0000-4000-8000-000000000000' })
    const child = page('Chapter', '/reading-list/chapter', {
      parent_route: '/reading-list',
      parent_type: 'page',
    })
    const draftless = buildSidebar([dashboard, projects], [inRoute, top, orphan, child])
    expect(draftless.yours.map((e) => [e.kind, e.name, e.href])).toEqual([
      ['route', 'Projects', null],
      ['page', 'Orphan', '/p/orphan'],
      ['page', 'Reading list', '/p/reading-list'],
    ])
    expect(draftless.yours[0]?.children.map((c) => c.name)).toEqual(['In a route'])
    expect(draftless.yours[2]?.children.map((c) => [c.name, c.href])).toEqual([
      ['Chapter', '/p/reading-list/chapter'],
    ])
  })

  it('puts what sits under a seeded route under its screen, and lifts a person\'s route out of "Your BrainDrive"', () => {
    const { dashboard, settings, personas } = seeded()
    const mine = node('Mine', 'mine')
    dashboard.children.push(mine)
    const howTo = page('How to', '/how-to', { navigation_route_id: settings.id })
    const persona = page('Persona board', '/persona-board', { navigation_route_id: personas.id })
    const sidebar = buildSidebar([dashboard], [howTo, persona])
    const settingsScreen = sidebar.screens.find((s) => s.name === 'Settings')
    expect(settingsScreen).toMatchObject({ id: settings.id, href: '/settings' })
    expect(settingsScreen?.children.map((c) => [c.name, c.href])).toEqual([['How to', '/p/how-to']])
    expect(sidebar.yours.map((e) => e.name)).toEqual(['Personas', 'Mine'])
    expect(JSON.stringify(sidebar)).not.toMatch(/BrainDrive|Plugin Manager|Page Builder/)
  })
})

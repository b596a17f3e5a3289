import { describe, expect, it } from 'vitest'
import {
  pageHref,
  pageTree,
  parentChoices,
  parentValue,
  placeFrom,
  segmentFromName,
  segmentProblem,
} from './pagePlaces'
import type { NavigationRoute, Page } from './pagesApi'

function page(
  id: string,
  route: string,
  parent: string | null = null,
  type: 'page' | 'navigation' | null = null,
): Page {
  return {
    id,
    name: `Page ${id}`,
    route,
    route_segment: route.split('/').pop()!,
    parent_route: parent,
    parent_type: parent ? (type ?? 'page') : null,
    is_parent_page: false,
    description: null,
    icon: null,
    navigation_route_id: null,
    content: {},
    creator_id: 'me',
    is_published: false,
    publish_date: null,
    backup_date: null,
    created_at: '',
    updated_at: '',
  }
}

describe('segmentFromName', () => {
  it('makes a URL-safe segment from a name', () => {
    expect(segmentFromName('My Reading Board!')).toBe('my-reading-board')
    expect(segmentFromName('  Café  notes ')).toBe('cafe-notes')
    expect(segmentFromName('!!!')).toBe('page')
  })
})

describe('segmentProblem', () => {
  it('accepts segments the API accepts and explains the others', () => {
    expect(segmentProblem('reading-2')).toBeUndefined()
    expect(segmentProblem('')).toBe('Enter a route segment.')
    expect(segmentProblem('.hidden')).toMatch(/not starting with/)
    expect(segmentProblem('a/b')).toMatch(/letters, digits/)
    expect(segmentProblem('x'.repeat(201))).toMatch(/200/)
  })
})

describe('pageHref', () => {
  it('opens a route under /p', () => {
    expect(pageHref('/docs/intro')).toBe('/p/docs/intro')
    expect(pageHref('board')).toBe('/p/board')
  })
})

describe('parentChoices', () => {
  const routes = [{ name: 'Your BrainDrive', route: 'dashboard' }] as NavigationRoute[]
  const pages = [page('a', '/docs'), page('b', '/docs/intro', '/docs'), page('c', '/docsy')]

  it('offers the pages and the navigation routes', () => {
    expect(parentChoices(pages, routes).map((c) => c.value)).toEqual([
      'page:/docs',
      'page:/docs/intro',
      'page:/docsy',
      'navigation:/dashboard',
    ])
  })

  it("names a seeded route as the sidebar does, and a person's route by its own name", () => {
    const seeded = [
      { name: 'Your BrainDrive', route: 'dashboard', is_system_route: true },
      { name: 'Plugin Manager', route: 'plugin-manager', is_system_route: true },
      { name: 'Page Builder', route: 'plugin-studio', is_system_route: true },
      { name: 'Personas', route: 'personas', is_system_route: true },
      { name: 'Boards', route: 'boards', is_system_route: false },
    ] as NavigationRoute[]
    expect(parentChoices([], seeded).map((c) => c.label)).toEqual([
      'Your pages (/dashboard)',
      'Plugins (/plugin-manager)',
      'Pages (/plugin-studio)',
      'Personas (/personas)',
      'Boards (/boards)',
    ])
  })

  it('leaves out the page itself and the pages below it, not a sibling with the same prefix', () => {
    expect(parentChoices(pages, routes, pages[0]).map((c) => c.value)).toEqual([
      'page:/docsy',
      'navigation:/dashboard',
    ])
  })
})

describe('places', () => {
  it('reads the select value back into a place', () => {
    expect(placeFrom('', 'x', false)).toEqual({
      parent_route: null,
      parent_type: null,
      route_segment: 'x',
      is_parent_page: false,
    })
    expect(placeFrom('page:/docs', 'x', true)).toMatchObject({ parent_route: '/docs', parent_type: 'page' })
    expect(placeFrom('navigation:/dashboard', 'x', false)).toMatchObject({
      parent_route: '/dashboard',
      parent_type: 'navigation',
    })
    expect(parentValue(page('b', '/docs/intro', '/docs'))).toBe('page:/docs')
    expect(parentValue(page('a', '/docs'))).toBe('')
  })
})

describe('pageTree', () => {
  it('puts each page after its parent page, indented, and keeps orphans at the top level', () => {
    const pages = [
      page('child', '/docs/intro', '/docs'),
      page('orphan', '/gone/x', '/gone'),
      page('root', '/docs'),
      page('grandchild', '/docs/intro/more', '/docs/intro'),
      page('nav', '/dashboard/board', '/dashboard', 'navigation'),
    ]
    expect(pageTree(pages).map(({ page, depth }) => `${page.id}:${depth}`)).toEqual([
      'orphan:0',
      'root:0',
      'child:1',
      'grandchild:2',
      'nav:0',
    ])
  })
})

import { Link, useRouter } from '@tanstack/solid-router'
import { createEffect, createMemo, createSignal, For, on, Show } from 'solid-js'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { EmptyState } from '../ui/EmptyState'
import { Screen } from '../ui/Screen'
import { NameDialog } from '../components/NameDialog'
import { routeDisplayName } from '../navigation/navigationModel'
import { showToast } from '../toasts/toastStore'
import { usePageTitle } from '../usePageTitle'
import { PageDialog } from './PageDialog'
import { pageHref, pageTree, parentChoices } from './pagePlaces'
import {
  createPage,
  deletePage,
  listPages,
  placePage,
  publishPage,
  renamePage,
  type NavigationRoute,
  type Page,
} from './pagesApi'
import { PageSwitch } from './PageSwitch'
import './pages.css'

type Action = { kind: 'create' } | { kind: 'rename' | 'move' | 'delete'; page: Page }

/**
 * The person's pages: each with its route (a link that opens it), its parent, whether it is published
 * (published pages appear in the app's navigation) and a parent page; create, rename, move (route and
 * parent), delete behind a confirmation. Everything is answered by this device's API: it works offline.
 */
export function PagesScreen(props: { pages: Page[]; routes: NavigationRoute[] }) {
  usePageTitle('Pages')
  const [pages, setPages] = createSignal(props.pages)
  // The route's data read again (the app's "data changed": a change here, or one synced from another device)
  // is what the list shows; the router keeps unchanged pages' objects, so their rows stay as they are.
  createEffect(on(() => props.pages, setPages, { defer: true }))
  const [action, setAction] = createSignal<Action>()
  const tree = createMemo(() => pageTree(pages()))
  let createButton: HTMLButtonElement | undefined

  const router = useRouter()
  // After every change the router's loaders read again (router.invalidate(), the app's "data changed"), so
  // the navigation shows a page published, renamed, moved or deleted here at once.
  const changed = () => void router.invalidate()
  const refresh = async () => {
    setPages(await listPages())
    changed()
  }
  const replace = (next: Page) => {
    setPages((all) => all.map((p) => (p.id === next.id ? next : p)))
    changed()
  }
  const close = () => setAction(undefined)
  const parentName = (page: Page) => {
    if (!page.parent_route) return undefined
    if (page.parent_type === 'page') return pages().find((p) => p.route === page.parent_route)?.name
    const route = props.routes.find((r) => `/${r.route.replace(/^\//, '')}` === page.parent_route)
    return route ? routeDisplayName(route) : undefined
  }

  return (
    <Screen
      class="pages-screen"
      titleId="pages-title"
      title="Pages"
      lead="Your pages of plugin modules. Each opens at its own address; published pages appear in the navigation under their parent."
      actions={
        <button
          ref={createButton}
          type="button"
          class="button button-primary"
          onClick={() => setAction({ kind: 'create' })}
        >
          New page
        </button>
      }
    >
      <Show
        when={tree().length > 0}
        fallback={
          <EmptyState
            title="No pages yet"
            text="A page places plugin modules on a grid, at an address of its own."
          />
        }
      >
        <ul class="pages-list" aria-label="Your pages">
          <For each={tree()}>
            {(entry) => {
              const page = () => pages().find((p) => p.id === entry.page.id) ?? entry.page
              return (
                <li class="pages-item" style={{ '--pages-depth': String(entry.depth) }}>
                  <div class="pages-item-head">
                    <h2 class="pages-item-title" id={`page-${page().id}`} tabindex="-1">
                      {page().name}
                    </h2>
                    <Show when={page().is_parent_page}>
                      <span class="pages-tag">Parent page</span>
                    </Show>
                    <Show when={page().is_published} fallback={<span class="pages-tag">Draft</span>}>
                      <span class="pages-tag pages-tag-published">Published</span>
                    </Show>
                  </div>
                  <dl class="pages-item-meta">
                    <div>
                      <dt>Route</dt>
                      <dd>
                        <code class="pages-route">{page().route}</code>
                      </dd>
                    </div>
                    <div>
                      <dt>Parent</dt>
                      <dd>
                        {page().parent_route
                          ? `${parentName(page()) ?? 'Missing'} (${page().parent_route})`
                          : 'None (top level)'}
                      </dd>
                    </div>
                  </dl>
                  <div class="pages-item-actions">
                    <PageSwitch
                      subject={page().name}
                      label="Published"
                      checked={page().is_published}
                      onChange={async (on) => replace(await publishPage(page().id, on))}
                    />
                    <PageSwitch
                      subject={page().name}
                      label="Parent page"
                      checked={page().is_parent_page}
                      onChange={async (on) =>
                        replace(
                          await placePage(page().id, {
                            parent_route: page().parent_route,
                            parent_type: page().parent_type,
                            route_segment: page().route_segment,
                            is_parent_page: on,
                          }),
                        )
                      }
                    />
                    <Link
                      to="/p/$"
                      params={{ _splat: page().route.replace(/^\//, '') }}
                      class="button button-small"
                      title={pageHref(page().route)}
                    >
                      Open<span class="visually-hidden"> {page().name}</span>
                    </Link>
                    <Link to="/designer/$pageId" params={{ pageId: page().id }} class="button button-small">
                      Design<span class="visually-hidden"> {page().name}</span>
                    </Link>
                    <button
                      type="button"
                      class="button button-small"
                      onClick={() => setAction({ kind: 'rename', page: page() })}
                    >
                      Rename<span class="visually-hidden"> {page().name}</span>
                    </button>
                    <button
                      type="button"
                      class="button button-small"
                      onClick={() => setAction({ kind: 'move', page: page() })}
                    >
                      Move<span class="visually-hidden"> {page().name}</span>
                    </button>
                    <button
                      type="button"
                      class="button button-small button-danger-quiet"
                      onClick={() => setAction({ kind: 'delete', page: page() })}
                    >
                      Delete<span class="visually-hidden"> {page().name}</span>
                    </button>
                  </div>
                </li>
              )
            }}
          </For>
        </ul>
      </Show>

      <Show when={action()} keyed>
        {(current) => {
          if (current.kind === 'create')
            return (
              <PageDialog
                choices={parentChoices(pages(), props.routes)}
                onCancel={close}
                onSubmit={async (name, place) => {
                  const created = await createPage(name, place)
                  await refresh()
                  close()
                  showToast({ message: `${created.name} created at ${created.route}` })
                }}
              />
            )
          if (current.kind === 'move')
            return (
              <PageDialog
                page={current.page}
                choices={parentChoices(pages(), props.routes, current.page)}
                onCancel={close}
                onSubmit={async (_name, place) => {
                  replace(await placePage(current.page.id, place))
                  close()
                }}
              />
            )
          if (current.kind === 'rename')
            return (
              <NameDialog
                title={`Rename ${current.page.name}`}
                submitLabel="Rename"
                fieldLabel="Name"
                initialValue={current.page.name}
                emptyError="Enter a name for the page."
                onCancel={close}
                onSubmit={async (name) => {
                  replace(await renamePage(current.page.id, name))
                  close()
                }}
              />
            )
          return (
            <ConfirmDialog
              title={`Delete ${current.page.name}?`}
              confirmLabel="Delete"
              destructive
              onCancel={close}
              fallbackFocus={() => createButton}
              onConfirm={async () => {
                await deletePage(current.page.id)
                setPages((all) => all.filter((p) => p.id !== current.page.id))
                changed()
                close()
                showToast({ message: `${current.page.name} deleted` })
              }}
            >
              <p>
                The page at <code>{current.page.route}</code> and its backups are removed. Pages under it keep
                their routes.
              </p>
            </ConfirmDialog>
          )
        }}
      </Show>
    </Screen>
  )
}

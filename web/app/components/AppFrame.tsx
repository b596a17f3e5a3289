import { Link, useRouter } from '@tanstack/solid-router'
import { onCleanup, type JSX } from 'solid-js'
import { SyncIndicator } from '../account/SyncIndicator'
import { NavigationPanel } from '../navigation/NavigationPanel'
import { InstallButton } from './InstallButton'
import { OfflineIndicator } from './OfflineIndicator'
import { ToastRegion } from './ToastRegion'
import { UpdatePrompt } from './UpdatePrompt'

/**
 * The frame around every page: a sidebar on wide screens that becomes a top bar on narrow ones, the main
 * landmark, and the app-wide notifications. Nav link names are exact ("Collections", "API explorer");
 * no other link on any page should contain those words, so role queries stay unambiguous.
 */
export function AppFrame(props: { children: JSX.Element }) {
  let main!: HTMLElement
  const router = useRouter()

  // After an in-app link changes the page, focus its heading so screen readers announce where they are and
  // Tab continues from the new content. Loads, redirects and history moves leave focus where it is: they
  // start with focus on <body>, and taking it from there on a first visit would only surprise. Where focus
  // was is read when the navigation starts: a link inside the old page (a collection's name) is gone, and
  // focus with it, by the time the new page has rendered.
  let focusWasInPage = false
  const stopWatchingStarts = router.subscribe('onBeforeNavigate', () => {
    const active = document.activeElement
    focusWasInPage = active !== null && active !== document.body
  })
  const stopWatchingRenders = router.subscribe('onRendered', (event) => {
    if (!event.fromLocation || !event.pathChanged || !focusWasInPage) return
    focusWasInPage = false
    const heading = main.querySelector<HTMLElement>('h1')
    if (!heading) return main.focus()
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus()
  })
  onCleanup(() => {
    stopWatchingStarts()
    stopWatchingRenders()
  })

  return (
    <div class="app">
      <a
        class="skip-link"
        href="#main"
        // The router owns the URL; a plain fragment jump would trigger a navigation, so move focus directly.
        onClick={(event) => {
          event.preventDefault()
          main.focus()
        }}
      >
        Skip to content
      </a>
      <header class="app-bar">
        {/* "/" redirects to the collections; exact, so the brand never claims aria-current from the nav. */}
        <Link to="/" class="brand" activeOptions={{ exact: true }}>
          <span class="brand-mark" aria-hidden="true" />
          Quire
        </Link>
        <nav class="app-nav" aria-label="Main">
          <ul>
            <li>
              <Link to="/collections" class="nav-link">
                Collections
              </Link>
            </li>
            <li>
              <Link to="/search" class="nav-link">
                Search
              </Link>
            </li>
            <li>
              <Link to="/evaluation" class="nav-link">
                Evaluation
              </Link>
            </li>
            <li>
              <Link to="/chat" class="nav-link">
                Chat
              </Link>
            </li>
            <li>
              <Link to="/account" class="nav-link">
                Account
              </Link>
            </li>
            <li>
              <Link to="/conversations" class="nav-link">
                Conversations
              </Link>
            </li>
            <li>
              <Link to="/plugins" class="nav-link">
                Plugins
              </Link>
            </li>
            <li>
              <Link to="/pages" class="nav-link">
                Pages
              </Link>
            </li>
            <li>
              <Link to="/settings" class="nav-link">
                Settings
              </Link>
            </li>
            <li>
              <Link to="/docs" class="nav-link">
                API explorer
              </Link>
            </li>
          </ul>
        </nav>
        <NavigationPanel />
        <SyncIndicator />
        <InstallButton />
        <OfflineIndicator />
      </header>
      <main ref={main} id="main" class="app-main" tabindex="-1">
        {props.children}
      </main>
      <ToastRegion>
        <UpdatePrompt />
      </ToastRegion>
    </div>
  )
}

import { Link, useRouter } from '@tanstack/solid-router'
import { createEffect, createSignal, createUniqueId, onCleanup, type JSX } from 'solid-js'
import { SyncIndicator } from '../account/SyncIndicator'
import { NavigationPanel } from '../navigation/NavigationPanel'
import { NoticesButton } from '../toasts/NoticesButton'
import { keepTabInside } from '../ui/keepTabInside'
import { InstallButton } from './InstallButton'
import { OfflineIndicator } from './OfflineIndicator'
import { ToastRegion } from './ToastRegion'
import { UpdatePrompt } from './UpdatePrompt'
import './appFrame.css'

/** Where the sidebar becomes a drawer behind the "Menu" button (as appFrame.css says). */
const PHONE = '(max-width: 800px)'

/** What Tab can reach in the drawer, in order (hidden controls have no box and are skipped). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [
    ...root.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])',
    ),
  ].filter((element) => element.getClientRects().length > 0)
}

/**
 * The frame around every page: the sidebar with the app's one navigation (NavigationPanel: Quire's screens,
 * the person's routes and pages, "More"), the main landmark, and the app-wide notifications. At phone width
 * (up to 800 px) the sidebar is a slim top bar (Menu, the brand, the sync, install and offline badges) and
 * the navigation a drawer: "Menu" opens it as a modal dialog, Tab stays inside it, Escape or "Close menu"
 * closes it and focus goes back to "Menu"; following a link closes it too. Nav link names are exact
 * ("Collections", "API explorer"); no other link on any page should contain those words, so role queries
 * stay unambiguous.
 */
export function AppFrame(props: { children: JSX.Element }) {
  let main!: HTMLElement
  let menuButton!: HTMLButtonElement
  let drawer!: HTMLDivElement
  const router = useRouter()
  const drawerId = createUniqueId()
  const phoneQuery = window.matchMedia(PHONE)
  const [phone, setPhone] = createSignal(phoneQuery.matches)
  const [menuOpen, setMenuOpen] = createSignal(false)
  const drawerOpen = () => phone() && menuOpen()
  const onPhoneChange = () => {
    setPhone(phoneQuery.matches)
    if (!phoneQuery.matches) setMenuOpen(false)
  }
  phoneQuery.addEventListener('change', onPhoneChange)
  onCleanup(() => phoneQuery.removeEventListener('change', onPhoneChange))
  // Back or Forward leaves the screen the drawer was opened over, so it closes. Other navigations do not
  // close it: a link followed in the drawer closes it itself (below), and the app's own redirects and slow
  // loads, which may resolve after the person pressed Menu, must not shut the drawer in their face.
  const onHistoryMove = () => setMenuOpen(false)
  window.addEventListener('popstate', onHistoryMove)
  onCleanup(() => window.removeEventListener('popstate', onHistoryMove))

  const closeMenu = () => {
    setMenuOpen(false)
    menuButton.focus()
  }

  // Open, the drawer takes focus (its first control) and the page behind it is inert.
  createEffect(() => {
    const open = drawerOpen()
    main.inert = open
    if (open) focusables(drawer)[0]?.focus()
  })

  // A link followed in the drawer closes it, the current screen's link too (no navigation then): focus goes
  // to the page, which a new screen moves on to its heading (below).
  const onDrawerClick = (event: MouseEvent) => {
    if (!drawerOpen() || !(event.target instanceof Element) || !event.target.closest('a[href]')) return
    setMenuOpen(false)
    main.inert = false
    main.focus()
  }

  const onDrawerKeyDown = (event: KeyboardEvent) => {
    // A dialog opened from the drawer (New route, Edit X) handles its own keys.
    if (!drawerOpen() || drawer.querySelector('dialog[open]')) return
    if (event.key === 'Escape') {
      event.preventDefault()
      closeMenu()
      return
    }
    if (event.key === 'Tab') keepTabInside(event, focusables(drawer))
  }

  // After an in-app link changes the page, focus its heading so screen readers announce where they are and
  // Tab continues from the new content. Loads, redirects and history moves leave focus where it is: they
  // start with focus on <body>, and taking it from there on a first visit would only surprise. Where focus
  // was is read when the navigation starts: a link inside the old page (a collection's name) is gone, and
  // focus with it, by the time the new page has rendered. A new page that already put focus somewhere of its
  // own (Settings focuses its model picker when linked to it) keeps it: that page knows where the reader is
  // going, and its data may load before or after the router says it has rendered.
  let focusedAtStart: Element | null = null
  const stopWatchingStarts = router.subscribe('onBeforeNavigate', () => {
    const active = document.activeElement
    focusedAtStart = active === document.body ? null : active
  })
  const stopWatchingRenders = router.subscribe('onRendered', (event) => {
    if (!event.fromLocation || !event.pathChanged || focusedAtStart === null) return
    const active = document.activeElement
    const pagePutFocus = active !== null && active !== focusedAtStart && main.contains(active)
    focusedAtStart = null
    if (pagePutFocus) return
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
    <div class="app" classList={{ 'menu-open': drawerOpen() }}>
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
        <button
          ref={menuButton}
          type="button"
          class="button button-quiet app-menu-button"
          aria-expanded={menuOpen()}
          aria-controls={drawerId}
          onClick={() => setMenuOpen(true)}
        >
          <span class="app-menu-icon" aria-hidden="true" />
          Menu
        </button>
        {/* "/" redirects to the collections; exact, so the brand never claims aria-current from the nav. */}
        <Link to="/" class="brand" activeOptions={{ exact: true }}>
          <span class="brand-mark" aria-hidden="true" />
          Quire
        </Link>
        {/* In the bar, so that it and the drawer stack together above the page. */}
        <div class="app-backdrop" aria-hidden="true" onClick={closeMenu} />
        <div
          ref={drawer}
          id={drawerId}
          class="app-drawer"
          classList={{ open: menuOpen() }}
          role={drawerOpen() ? 'dialog' : undefined}
          aria-modal={drawerOpen() ? 'true' : undefined}
          aria-label={drawerOpen() ? 'Menu' : undefined}
          onKeyDown={onDrawerKeyDown}
          onClick={onDrawerClick}
        >
          <div class="app-drawer-head">
            <span class="app-drawer-title">Menu</span>
            <button type="button" class="button button-quiet button-small" onClick={closeMenu}>
              Close menu
            </button>
          </div>
          <NavigationPanel />
        </div>
        <div class="app-status">
          {/* Messages kept to read later (a long warning, why a file failed), with how many are unread. */}
          <NoticesButton />
          <SyncIndicator />
          <InstallButton />
          <OfflineIndicator />
        </div>
        {/*
         * In the bar, in its flow (toast.css): at the foot of the sidebar on wide screens, a row under the
         * slim bar on a phone. Wherever the page is scrolled, a toast covers none of its content.
         */}
        <ToastRegion>
          <UpdatePrompt />
        </ToastRegion>
      </header>
      <main ref={main} id="main" class="app-main" tabindex="-1">
        {props.children}
      </main>
    </div>
  )
}

import './zodWithoutEval'
import './styles/index.css'
import { createRouter, RouterProvider } from '@tanstack/solid-router'
import { render } from 'solid-js/web'
import { serviceWorkerRoute, startBrowserApi } from '../browser/api/startBrowserApi'
import { onRemoteChanges } from '../browser/sync/remoteChanges'
import { UnsupportedBrowser } from './components/UnsupportedBrowser'
import { routeTree } from './routeTree.gen'
import { appTheme, loadThemePreference } from './theme/appTheme'
import { showToast } from './toasts/toastStore'

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
})

declare module '@tanstack/solid-router' {
  interface Register {
    router: typeof router
  }
}

/** The person's theme: the system's until the stored setting is read (and after synced changes). */
function followThemeSetting(): void {
  loadThemePreference().catch((error: unknown) =>
    console.warn('Quire: the theme setting could not be read', error),
  )
}

async function boot(root: HTMLElement): Promise<void> {
  appTheme()
  try {
    // Every screen reads /api: drawing one before the API worker answers would only show errors (and hold
    // the router's pending screen for its minimum time). The service worker is not waited for: the page's
    // own requests reach the API worker directly.
    await startBrowserApi()
  } catch (error) {
    console.error('Quire could not start its in-browser API', error)
    root.replaceChildren()
    render(() => <UnsupportedBrowser error={error} />, root)
    return
  }
  root.replaceChildren()
  render(() => <RouterProvider router={router} />, root)
  serviceWorkerRoute().catch((error: unknown) => {
    console.error('Quire could not start its service worker', error)
    showToast({
      message:
        'Quire could not start its service worker: it will not open offline, and plugins and scripts cannot reach its API. Reload to try again.',
      durationMs: 30_000,
    })
  })
  // Changes synced from another device: the page on screen reloads its data and shows them.
  followThemeSetting()
  onRemoteChanges(() => {
    void router.invalidate()
    followThemeSetting()
  })
}

const root = document.getElementById('app')
if (!root) throw new Error('index.html has no #app element to render Quire into')
void boot(root)

import './zodWithoutEval'
import './styles/index.css'
import { createRouter, RouterProvider } from '@tanstack/solid-router'
import { render } from 'solid-js/web'
import { startBrowserApi } from '../browser/api/startBrowserApi'
import { onRemoteChanges } from '../browser/sync/remoteChanges'
import { UnsupportedBrowser } from './components/UnsupportedBrowser'
import { routeTree } from './routeTree.gen'
import { appTheme, loadThemePreference } from './theme/appTheme'

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
    // Every page reads /api through the service worker; rendering before it answers would only show errors.
    await startBrowserApi()
  } catch (error) {
    console.error('Quire could not start its in-browser API', error)
    root.replaceChildren()
    render(() => <UnsupportedBrowser error={error} />, root)
    return
  }
  root.replaceChildren()
  render(() => <RouterProvider router={router} />, root)
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

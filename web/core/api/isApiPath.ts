import { isServiceAliasPath } from './serviceAliases'

/**
 * Paths that belong to the REST surface on every host; everything else is the app (the PWA shell).
 * `/plugins/` is an installed plugin's files (`pluginFileRoute`): answered by the API on both hosts, so
 * the service worker hands it to the in-browser API (offline) and the server to the signed-in user's space.
 * BrainDrive's document-chat service paths outside `/api` (`/collections/`, `serviceAliases.ts`) are the
 * API's too, except for a browser's navigation to one, which is the app's page (`isAppNavigation`).
 */
export function isApiPath(path: string): boolean {
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path === '/health' ||
    path === '/openapi.json' ||
    path.startsWith('/plugins/') ||
    isServiceAliasPath(path)
  )
}

/**
 * Whether a request is a browser opening a page (typing `/collections` in the address bar, a link, a
 * reload), which the app answers even at a path the API shares. Browsers say so in `Sec-Fetch-Mode`;
 * an older one without it is recognised by asking for HTML first. `fetch` and scripts are never this.
 */
export function isAppNavigation(headers: { secFetchMode?: string; accept?: string }): boolean {
  if (headers.secFetchMode) return headers.secFetchMode === 'navigate'
  return /^\s*text\/html\b/i.test(headers.accept ?? '')
}

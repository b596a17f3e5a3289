/**
 * Paths that belong to the REST surface on every host; everything else is the app (the PWA shell).
 * `/plugins/` is an installed plugin's files (`pluginFileRoute`): answered by the API on both hosts, so
 * the service worker hands it to the in-browser API (offline) and the server to the signed-in user's space.
 */
export function isApiPath(path: string): boolean {
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path === '/health' ||
    path === '/openapi.json' ||
    path.startsWith('/plugins/')
  )
}

/**
 * The other spelling of a route's path: its trailing slash taken away, or one added. BrainDrive's
 * service (FastAPI) redirects one spelling to the other and scripts written for it rely on that
 * (`POST /api/collections` reaching `POST /api/collections/`). Both of Quire's hosts mount each route
 * at its twin too, so the twin is answered by the same handler with no redirect: curl without `-L`,
 * a POST with its body and a client that drops `Authorization` on redirects all work alike.
 *
 * A path ending in a wildcard (a plugin's files) has no twin: there a trailing slash names a folder,
 * which is another path. Neither has `/`.
 */
export function trailingSlashTwin(path: string): string | undefined {
  if (path === '/' || /\/\*[^/]*$/.test(path)) return undefined
  return path.endsWith('/') ? path.slice(0, -1) : `${path}/`
}

/** A route's path and its twin, the paths a host mounts the route at (the written one first). */
export function routePaths(path: string): string[] {
  const twin = trailingSlashTwin(path)
  return twin === undefined ? [path] : [path, twin]
}

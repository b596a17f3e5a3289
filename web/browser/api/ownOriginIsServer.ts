import { serverFetch } from './serverFetch'

let asked: Promise<boolean> | undefined

/**
 * Whether the origin this page (or its API worker) came from is a Quire sync server: its shell's answer
 * (GET /, past the in-browser API and the service worker's precache) says `X-Quire-Host: server`. A static
 * host answers the shell too, so nothing is refused into the console, as its 404 for `/health` or
 * `/plugin-catalog/` would be. Answered once a page or worker (the origin does not change), unless no
 * answer came.
 */
export function ownOriginIsServer(): Promise<boolean> {
  // GET as a navigation asks it: some static hosts (Vite's preview) answer only that with the shell.
  const shell = new Request(new URL('/', self.location.origin), { headers: { accept: 'text/html' } })
  asked ??= serverFetch(shell).then(
    (response) => {
      void response.body?.cancel().catch(() => undefined)
      return response.headers.get('x-quire-host') === 'server'
    },
    () => {
      // Offline, say: asked again next time.
      asked = undefined
      return false
    },
  )
  return asked
}

import { createSignal } from 'solid-js'
import { bypass } from 'msw'

export type ApiTarget = 'browser' | 'server'

const [apiTarget, setApiTarget] = createSignal<ApiTarget>('browser')

/** Which host the API explorer talks to: the browser's own API, or the server that served the page. */
export { apiTarget, setApiTarget }

/**
 * The explorer's fetch. Same-origin requests are answered by the in-browser API; msw's `bypass`
 * marks a request to go past it to the network, i.e. to the sync server at this origin.
 */
export function explorerFetch(url: string, init: RequestInit): Promise<Response> {
  if (apiTarget() === 'browser') return fetch(url, init)
  return fetch(bypass(new Request(new URL(url, location.origin), init)))
}

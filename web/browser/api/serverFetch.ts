import { bypass } from 'msw'

/**
 * `fetch` for requests meant for the sync server. On the server's own origin the page's service
 * worker would hand `/api/...` to the in-browser API, which answers its own `/api/v1/auth/me` and a
 * 404 for the server's routes; msw's `bypass` marks the request to go past it to the network
 * (`sw/swApiGate.ts` lets such requests through without a detour through the page).
 */
export const serverFetch: typeof fetch = (input, init) =>
  fetch(bypass(input instanceof Request ? input : new Request(input, init)))

/**
 * Messages between a page and Quire's service worker about the in-browser API's start (the page's
 * msw and API worker). Shared by both sides, so neither spells them on its own.
 */
export const API_READY = 'QUIRE_API_READY'
/** Asks an active worker that does not control the page yet (a hard reload) to claim it. */
export const CLAIM_CLIENTS = 'QUIRE_CLAIM_CLIENTS'

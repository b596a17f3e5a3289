import { STATIC_PORT, SYNC_PORT } from '../../playwright.config'

/**
 * The two origins the app runs on with no account: the static server (no API: the in-browser API
 * answers, offline) and the sync server's own, as `npm start` serves it; for `test.use({ baseURL })`.
 */
export const APP_ORIGINS = [
  { name: 'the static origin (offline browser host)', baseURL: `http://127.0.0.1:${STATIC_PORT}` },
  { name: 'the sync server’s origin', baseURL: `http://127.0.0.1:${SYNC_PORT}` },
] as const

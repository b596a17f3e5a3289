import { getAccount } from './accountApi'
import { serverHealth } from './serverHealth'

/**
 * Whether a request for the person's data on the sync server (`sendToSyncServer`) can be answered: someone
 * is signed in to a server, or nobody is and the page's own origin is a server without accounts
 * (QUIRE_SINGLE_USER=1, whose `/health` says `accounts: false`; a static host is not asked, see
 * `serverHealth`). Asked before such a request, so that a signed-out page never sends one that a server
 * with accounts can only refuse: its 401 would show in the console on every screen that makes it. False
 * where no account can be read (the in-browser API down).
 */
export async function syncServerAnswers(
  read: {
    account?: typeof getAccount
    health?: (serverUrl: string) => ReturnType<typeof serverHealth>
  } = {},
): Promise<boolean> {
  try {
    const account = await (read.account ?? getAccount)()
    if (account.signed_in) return true
  } catch {
    return false
  }
  const health = await (read.health ?? serverHealth)(location.origin)
  return health?.accounts === false
}

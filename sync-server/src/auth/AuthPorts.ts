import type { AccountService, IssuedTokens, Principal } from '../accounts/AccountService'
import type { UserView } from '../accounts/accountSchemas'
import type { Registration } from './registration'
import type { AccountLimitName } from './accountLimits'

/** What the server's account routes run over: the accounts, the caller, and the request's cookies. */
export interface AuthPorts {
  /** Absent on a server without accounts (QUIRE_SINGLE_USER=1). */
  accounts?: AccountService
  /** Who may create an account (REGISTRATION). */
  registration: Registration
  principal?: Principal
  /** How the caller was recognised: only a Bearer token is safe from another site's page. */
  via?: 'bearer' | 'cookie' | 'local'
  /** The implicit user of a single-user server (what `me` answers there). */
  localUser: UserView
  client: {
    ip: string
    userAgent?: string
    /** The `refresh_token` cookie, when the request carried one. */
    refreshCookie?: string
    /** Whether another site's page sent this request (see isCrossSiteRequest). */
    crossSite: boolean
  }
  cookies: { issue(tokens: IssuedTokens): void; clear(): void }
  /** Counts this request against the per-IP login or registration limit (429 past it), once per request. */
  limit(name: AccountLimitName): Promise<void>
}

import type { Context } from 'koa'
import type { RateLimiter } from './RateLimiter'

export type AccountLimitName = 'login' | 'register'

/**
 * The per-IP login and registration limits, checked twice and counted once: by the guard before the
 * body is read, and again by the routes themselves (`AuthPorts.limit`), so that no spelling of the
 * path that the guard did not recognise reaches a password check unlimited. A request is counted
 * by whichever check comes first; the second sees the mark on `ctx.state` and passes.
 */
export class AccountLimits {
  constructor(private readonly limiters: Record<AccountLimitName, RateLimiter>) {}

  async hit(ctx: Context, name: AccountLimitName): Promise<void> {
    const state = ctx.state as { accountLimitCounted?: AccountLimitName }
    if (state.accountLimitCounted === name) return
    state.accountLimitCounted = name
    await this.limiters[name].hit(ctx.ip)
  }
}

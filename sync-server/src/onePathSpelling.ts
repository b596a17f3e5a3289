import type { Middleware } from 'koa'
import { apiPathAtTheDoor } from '../../web/core/api/apiPathAtTheDoor'

/**
 * The door every request passes before any decision is made on its path (`apiPathAtTheDoor`, the
 * same door as the browser host's router): the API's paths are given their one spelling, so that the
 * guard, the rate limits, the body limits and the router all see the same path. Before this,
 * `/API/v1/auth/login` skipped the guard's login limit (which compared the path case-sensitively)
 * while the router still answered it (case-insensitively). A refusal closes the connection, so no
 * body of it is read.
 */
export function onePathSpelling(): Middleware {
  return async (ctx, next) => {
    const decision = apiPathAtTheDoor(ctx.path)
    if (decision.kind === 'refused') throw decision.error
    if (decision.kind === 'api' && decision.path !== ctx.path) ctx.path = decision.path
    return next()
  }
}

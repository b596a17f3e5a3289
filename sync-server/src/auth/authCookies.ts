import type { Context } from 'koa'
import type { IssuedTokens } from '../accounts/AccountService'

export const ACCESS_COOKIE = 'access_token'
export const REFRESH_COOKIE = 'refresh_token'
/** The refresh cookie goes only to the auth endpoints, so no other request carries it. */
const REFRESH_PATH = '/api/v1/auth'

/**
 * DESIGN.md section 2: `access_token` (SameSite=Lax, Path=/) and `refresh_token` (SameSite=Strict,
 * Path=/api/v1/auth), both HttpOnly, `Secure` whenever the request came over HTTPS.
 */
export function setAuthCookies(ctx: Context, tokens: IssuedTokens): void {
  const secure = ctx.secure
  ctx.cookies.set(ACCESS_COOKIE, tokens.access_token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: tokens.expires_in * 1000,
    overwrite: true,
  })
  ctx.cookies.set(REFRESH_COOKIE, tokens.refresh_token, {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_PATH,
    secure,
    maxAge: tokens.refresh_expires_in * 1000,
    overwrite: true,
  })
}

export function clearAuthCookies(ctx: Context): void {
  const secure = ctx.secure
  ctx.cookies.set(ACCESS_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: 0,
    overwrite: true,
  })
  ctx.cookies.set(REFRESH_COOKIE, '', {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_PATH,
    secure,
    maxAge: 0,
    overwrite: true,
  })
}

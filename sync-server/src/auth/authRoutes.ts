import { z } from 'zod'
import { ApiError } from '../../../web/core/kernel/ApiError'
import { errorSchema, validationErrorSchema } from '../../../web/core/api/errorSchema'
import { defineRoute, type Route } from '../../../web/core/api/Route'
import type { AccountService, IssuedTokens } from '../accounts/AccountService'
import {
  personalTokenCreatedSchema,
  personalTokenViewSchema,
  tokenScopeSchema,
  userViewSchema,
} from '../accounts/accountSchemas'
import type { AuthPorts } from './AuthPorts'
import { admitRegistration } from './registration'

const tags = ['Authentication']
const platform = { errorStyle: 'platform' as const, tags }
const error = (description: string) => ({ description, schema: errorSchema })
const invalid = { description: 'Validation error', schema: validationErrorSchema }

const registerBody = z.object({
  username: z.string(),
  email: z.string(),
  password: z.string(),
  full_name: z.string().nullable().optional(),
  profile_picture: z.string().nullable().optional(),
  invite_token: z.string().max(1024).optional().meta({
    description:
      'Quire’s addition: on a server with `REGISTRATION=invite`, one of the invite tokens its operator handed out',
  }),
})
const loginBody = z.object({ email: z.string(), password: z.string() })
const loginQuery = z.object({
  include_tokens: z.enum(['true', 'false']).optional().meta({
    description:
      '`true`: answer the tokens in the body and set no cookies (scripts, and the PWA talking to a sync server on another origin)',
  }),
})
// BrainDrive-Core's web client (ApiService.refreshToken) sends `{}` when it keeps no refresh token of
// its own: the cookie then decides, as with no body at all.
const refreshBody = z
  .object({
    refresh_token: z.string().nullish().meta({
      description:
        'Send it to refresh tokens kept outside cookies; left out, null or empty, the refresh cookie is used',
    }),
  })
  .optional()
  .meta({
    description: 'Optional: without a body, or with `{}`, the refresh cookie is used',
  })
const tokensSchema = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.int().meta({ description: 'Seconds the access token lives (900)' }),
    refresh_expires_in: z.int(),
  })
  .meta({ id: 'AuthTokens' })
const tokenCreateBody = z.object({
  name: z.string(),
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  scope: tokenScopeSchema.optional().meta({ description: 'Default `full`' }),
})
const passwordBody = z.object({
  current_password: z.string(),
  new_password: z.string(),
  revoke_tokens: z.boolean().optional().meta({
    description: 'Default true: every personal access token of the person is revoked; false keeps them',
  }),
})
const tokenIdParams = z.object({ token_id: z.uuid() })

function requireAccounts(accounts: AccountService | undefined): AccountService {
  if (!accounts)
    throw ApiError.notFound('Accounts are off: this server runs for a single user (QUIRE_SINGLE_USER=1)')
  return accounts
}

function requireUser(ports: AuthPorts) {
  if (!ports.principal) throw new ApiError(401, 'Not authenticated', { 'WWW-Authenticate': 'Bearer' })
  return ports.principal
}

function tokenBody(tokens: IssuedTokens) {
  return {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    token_type: 'bearer' as const,
    expires_in: tokens.expires_in,
    refresh_expires_in: tokens.refresh_expires_in,
  }
}

const CROSS_SITE = 'Cross-site request refused: this request must come from the app itself'

/**
 * Accounts on the sync server (spec: Authentication and profile; DESIGN.md section 2). Browsers of
 * the app's own origin use the HttpOnly cookies; scripts and other origins use the token body
 * (`?include_tokens=true`, refresh with `{refresh_token}`) or a personal access token.
 */
export const authRoutes: Array<Route<z.ZodType, z.ZodType, z.ZodType, AuthPorts>> = [
  defineRoute({
    ...platform,
    method: 'post',
    path: '/api/v1/auth/register',
    operationId: 'register',
    summary: 'Create an account',
    description:
      'Usernames are 3 to 50 of A-Z a-z 0-9 _ . -; passwords 8 to 256 characters; emails are unique regardless of case. Does not sign in. Rate limit: 5 an hour per IP. The operator decides who may register (REGISTRATION): anyone (`open`, the default), nobody (`closed`: 403), or whoever sends one of the invite tokens the operator handed out as `invite_token` (`invite`: a missing or wrong one answers 403 saying which). An email that already has an account is answered exactly as a new one (201, a user of the same shape, nothing stored; signing in with the new password then fails with the usual 401), so registration does not tell which emails have accounts; the owner still signs in with their own password. A taken username is 409, checked before the email, so it says nothing about the email. Differs from BrainDrive: answers 201 (BrainDrive 200), 409 for a taken username (BrainDrive 400), and never refuses a taken email (BrainDrive 400: BrainDrive’s clients show that detail and stop, here they go on to a sign-in that fails).',
    public: true,
    body: registerBody,
    responses: {
      201: { description: 'The new user', schema: userViewSchema },
      403: error('Registration is closed, or needs a valid invite token'),
      409: error('Username taken'),
      422: invalid,
      429: error('Too many registrations'),
    },
    async handler({ body: { invite_token, ...account } }, ports) {
      await ports.limit('register')
      const accounts = requireAccounts(ports.accounts)
      admitRegistration(ports.registration, invite_token)
      return { status: 201, body: await accounts.register(account) }
    },
  }),
  defineRoute({
    ...platform,
    method: 'post',
    path: '/api/v1/auth/login',
    operationId: 'login',
    summary: 'Sign in',
    description:
      'Sets the `access_token` (15 min, SameSite=Lax, Path=/) and `refresh_token` (30 days, SameSite=Strict, Path=/api/v1/auth) HttpOnly cookies and answers 204 with no body; with `?include_tokens=true` it sets no cookie and answers the tokens instead. Rate limit: 10 a minute per IP. Differs from BrainDrive, as the spec says ("empty response body"): BrainDrive answers `{access_token, token_type, expires_in, refresh_expires_in, issued_at, user_id, user}` and its web app reads the token and the user from it.',
    public: true,
    query: loginQuery,
    body: loginBody,
    responses: {
      200: { description: 'Tokens (include_tokens=true)', schema: tokensSchema },
      204: { description: 'Signed in; cookies set' },
      401: error('Incorrect email or password'),
      403: error('Cookie sign-in from another site'),
      422: invalid,
      429: error('Too many login attempts'),
    },
    async handler({ body, query }, ports) {
      await ports.limit('login')
      const accounts = requireAccounts(ports.accounts)
      const asBody = query.include_tokens === 'true'
      // Signing a browser into an account from another site's page (login CSRF) is refused too.
      if (!asBody && ports.client.crossSite) throw new ApiError(403, CROSS_SITE)
      const tokens = await accounts.login(body.email, body.password, {
        ip: ports.client.ip,
        userAgent: ports.client.userAgent,
      })
      if (asBody) return { status: 200, body: tokenBody(tokens) }
      ports.cookies.issue(tokens)
      return { status: 204 }
    },
  }),
  defineRoute({
    ...platform,
    method: 'post',
    path: '/api/v1/auth/refresh',
    operationId: 'refresh',
    summary: 'Rotate the refresh token and get a new access token',
    description:
      'With the refresh cookie: new cookies, 204, whatever else the body holds (none, `{}` as BrainDrive’s web client sends, `{refresh_token: null}`). With a non-empty `{refresh_token}` in the body: the new tokens in the body. Each refresh token works once; presenting a used one again revokes its whole session (every device that shared it must sign in again). Differs from BrainDrive, as the spec says ("empty response body"): BrainDrive answers the new access token in the body, which its web app reads.',
    public: true,
    body: refreshBody,
    bodyOptional: true,
    responses: {
      200: { description: 'New tokens (body mode)', schema: tokensSchema },
      204: { description: 'New cookies set' },
      401: error('Missing, invalid, expired, revoked or reused refresh token'),
      403: error('Cookie refresh from another site'),
    },
    async handler({ body }, ports) {
      const accounts = requireAccounts(ports.accounts)
      if (body?.refresh_token)
        return { status: 200, body: tokenBody(await accounts.refresh(body.refresh_token)) }
      if (!ports.client.refreshCookie) throw new ApiError(401, 'No refresh token: sign in again')
      if (ports.client.crossSite) throw new ApiError(403, CROSS_SITE)
      try {
        ports.cookies.issue(await accounts.refresh(ports.client.refreshCookie))
      } catch (failure) {
        ports.cookies.clear()
        throw failure
      }
      return { status: 204 }
    },
  }),
  defineRoute({
    ...platform,
    method: 'post',
    path: '/api/v1/auth/logout',
    operationId: 'logout',
    summary: 'Sign out: revoke this session and clear the cookies',
    description:
      'Revokes the session of the access token (or of the refresh cookie) so that neither works again anywhere, and clears both cookies. Answers 204 even when nobody was signed in. A personal access token is not revoked by this: delete it at `/api/v1/auth/tokens/{id}`. Differs from BrainDrive: no body (BrainDrive answers `{message}`, which its web app does not read).',
    public: true,
    responses: { 204: { description: 'Signed out' }, 403: error('Cookie sign-out from another site') },
    async handler(_input, ports) {
      const accounts = requireAccounts(ports.accounts)
      if (ports.client.crossSite && ports.via !== 'bearer') throw new ApiError(403, CROSS_SITE)
      const sessionId =
        ports.principal?.sessionId ?? (await sessionOfRefresh(accounts, ports.client.refreshCookie))
      if (sessionId) await accounts.logout(sessionId)
      ports.cookies.clear()
      return { status: 204 }
    },
  }),
  defineRoute({
    ...platform,
    method: 'get',
    path: '/api/v1/auth/me',
    operationId: 'me',
    summary: 'The signed-in user',
    description:
      'On a single-user server (QUIRE_SINGLE_USER=1), the local user. Differs from BrainDrive: no `version` (BrainDrive’s per-user data version, which the spec’s User does not have; its profile page shows 0.0.0 without it).',
    responses: { 200: { description: 'The user', schema: userViewSchema }, 401: error('Not signed in') },
    async handler(_input, ports) {
      if (!ports.accounts) return { status: 200, body: ports.localUser }
      return { status: 200, body: await ports.accounts.me(requireUser(ports).user.id) }
    },
  }),
  defineRoute({
    ...platform,
    method: 'put',
    path: '/api/v1/auth/profile/username',
    operationId: 'changeUsername',
    summary: 'Change the username',
    description: 'Differs from BrainDrive: a taken username is 409 (BrainDrive 400).',
    body: z.object({ username: z.string() }),
    responses: {
      200: { description: 'The user', schema: userViewSchema },
      409: error('Username taken'),
      422: invalid,
    },
    async handler({ body }, ports) {
      const accounts = requireAccounts(ports.accounts)
      return { status: 200, body: await accounts.changeUsername(requireUser(ports).user.id, body.username) }
    },
  }),
  defineRoute({
    ...platform,
    method: 'put',
    path: '/api/v1/auth/profile/password',
    operationId: 'changePassword',
    summary: 'Change the password; signs out every other session and revokes personal access tokens',
    description:
      'Every other session (other devices and browsers) is revoked; the calling session stays signed in. Every personal access token of the person is revoked too (whoever got in with the old password may have made one), unless the body says `revoke_tokens: false`. Differs from BrainDrive: answers 204 with no body (BrainDrive `{message}`, which its profile page does not read); `confirm_password`, which that page sends after checking it itself, is ignored.',
    body: passwordBody,
    responses: {
      204: { description: 'Changed' },
      400: error('Current password is incorrect'),
      422: invalid,
    },
    async handler({ body }, ports) {
      const accounts = requireAccounts(ports.accounts)
      const principal = requireUser(ports)
      await accounts.changePassword(
        principal.user.id,
        principal.sessionId,
        body.current_password,
        body.new_password,
        { revokeTokens: body.revoke_tokens ?? true },
      )
      return { status: 204 }
    },
  }),
  defineRoute({
    ...platform,
    method: 'post',
    path: '/api/v1/auth/tokens',
    operationId: 'createPersonalToken',
    summary: 'Create a personal access token for scripts',
    description:
      'The token is shown once, in this answer, and stored only as a hash. Send it as `Authorization: Bearer qpat_...`. `expires_at` null or absent: never expires. `scope`: `full` (default) or `read` (GET and HEAD requests only; anything else answers 403). Only a signed-in session makes tokens: a request with a personal access token answers 403, so a leaked token cannot make itself a successor. A password change revokes every token (see `changePassword`).',
    body: tokenCreateBody,
    responses: {
      201: { description: 'The token, shown once', schema: personalTokenCreatedSchema },
      403: error('Sent with a personal access token'),
      422: invalid,
    },
    async handler({ body }, ports) {
      const accounts = requireAccounts(ports.accounts)
      const principal = requireUser(ports)
      if (principal.via === 'pat') {
        throw new ApiError(
          403,
          'A personal access token cannot make personal access tokens: sign in (or use an access token) to make one',
        )
      }
      const created = await accounts.createPersonalToken(principal.user.id, {
        name: body.name,
        ...(body.expires_at ? { expires_at: body.expires_at } : {}),
        ...(body.scope ? { scope: body.scope } : {}),
      })
      return { status: 201, body: created }
    },
  }),
  defineRoute({
    ...platform,
    method: 'get',
    path: '/api/v1/auth/tokens',
    operationId: 'listPersonalTokens',
    summary: 'List personal access tokens (never the tokens themselves)',
    responses: { 200: { description: 'Tokens, newest first', schema: z.array(personalTokenViewSchema) } },
    async handler(_input, ports) {
      const accounts = requireAccounts(ports.accounts)
      return { status: 200, body: await accounts.listPersonalTokens(requireUser(ports).user.id) }
    },
  }),
  defineRoute({
    ...platform,
    method: 'delete',
    path: '/api/v1/auth/tokens/:token_id',
    operationId: 'deletePersonalToken',
    summary: 'Revoke a personal access token',
    params: tokenIdParams,
    notFoundDetail: 'Token not found',
    responses: { 204: { description: 'Revoked' }, 404: error('Token not found') },
    async handler({ params }, ports) {
      const accounts = requireAccounts(ports.accounts)
      await accounts.deletePersonalToken(requireUser(ports).user.id, params.token_id)
      return { status: 204 }
    },
  }),
]

async function sessionOfRefresh(accounts: AccountService, refreshCookie: string | undefined) {
  if (!refreshCookie) return undefined
  return accounts.sessionOfRefreshToken(refreshCookie)
}

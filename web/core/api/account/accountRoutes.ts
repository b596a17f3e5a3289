import { z } from 'zod'
import type { ApiPorts } from '../ApiPorts'
import { errorResponse as error } from '../errorSchema'
import { defineRoute, type Route } from '../Route'
import { accountUserSchema } from '../../account/AccountUser'
import { LOCAL_DATA_CHOICES, localDataCountsSchema } from '../../account/LocalDataPort'
import type { SyncAccount } from '../../account/SyncAccount'
import { orNotFound } from '../orNotFound'

const tags = ['Account']
const validation = { description: 'Validation error: `{detail: [{loc, msg, type}]}`' }

const accountView = z.object({
  signed_in: z.boolean(),
  needs_sign_in: z.boolean().meta({
    description: 'The server ended the session: sign in again. Local data is kept meanwhile.',
  }),
  server_url: z.string().nullable(),
  user: accountUserSchema.nullable(),
  local_user: accountUserSchema,
  local_data: localDataCountsSchema.nullable().meta({
    description:
      'Signed in, with this device holding collections, documents or chats the account does not have: sync waits for `POST /api/v1/account/local-data`. Null otherwise.',
  }),
  kept_local_data: localDataCountsSchema.nullable().meta({
    description:
      'Signed in, what was kept on this device only (`choice: keep`) and is here still: it never syncs until `POST /api/v1/account/local-data` with `choice: merge` sends it. Null when there is none.',
  }),
})

const LOCAL_PROFILE =
  'With no one signed in, the local profile: `{id: <a UUID made once for this device>, username: "local", email: "", full_name: "This device", profile_picture: null, is_active: true, is_verified: true}`.'

const serverUrl = z.string().meta({
  description: 'The sync server, e.g. `https://quire.example.com` (trimmed; a trailing slash is dropped).',
})

const signInBody = z.strictObject({
  server_url: serverUrl,
  email: z.string().min(1),
  password: z.string().min(1),
})
const signUpBody = z.strictObject({
  server_url: serverUrl,
  username: z.string().min(1),
  email: z.string().min(1),
  password: z.string().min(1),
  full_name: z.string().nullable().optional(),
  invite_token: z.string().max(1024).optional().meta({
    description:
      'Sent on as the register call’s `invite_token`: on a server with `REGISTRATION=invite` (its `GET /health` says `registration: invite`), one of the tokens its operator handed out',
  }),
})

const signOutBody = z
  .strictObject({
    keep_local_data: z.boolean().optional().meta({
      description:
        'Keep this device’s data after signing out (default true). With false the app deletes it afterwards.',
    }),
  })
  .optional()

const localDataBody = z.strictObject({
  choice: z.enum(LOCAL_DATA_CHOICES).meta({
    description:
      '`merge`: send it to the account, where it syncs like the rest (with no question waiting: send what was kept on this device only earlier). `keep`: keep it on this device only; it never syncs, nor do documents and chats added to those collections and chats later. `discard`: delete it from this device (it is in no account, so nothing brings it back).',
  }),
})

const serverErrors = {
  401: error('Wrong email or password (the sync server’s detail)'),
  422: validation,
  429: error('The sync server rate-limited sign-in; `Retry-After` says how many seconds to wait'),
  502: error('The sync server could not be reached, failed, or is no Quire sync server'),
}

/**
 * The browser's sign-in to a sync server (absent on a host without one: 404); a sign-out also tells the
 * host (`onSignedOut`) and logs a sync reset that fails.
 */
type AccountPorts = Pick<ApiPorts, 'account' | 'onSignedOut' | 'logError'>

function accountOf(ports: Pick<ApiPorts, 'account'>): SyncAccount {
  return orNotFound(ports.account, 'Accounts are not available on this host')
}

/**
 * The browser's account on a sync server. Mounted by the browser host only (the server is itself the
 * account host and answers `/api/v1/auth/*` on its own). Tokens never leave the API worker: these
 * routes answer users and state, never tokens.
 */
export const accountRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/auth/me',
    operationId: 'getCurrentUserInBrowser',
    summary: 'The current user',
    description: `In the browser always 200: the account signed in to a sync server (as the server described it at sign-in, so it answers offline), else this device's local profile. ${LOCAL_PROFILE} Differs from BrainDrive: no \`version\` (BrainDrive's per-user data version, not in the spec's User). Changing the username or password is the sync server's (\`PUT /api/v1/auth/profile/*\`, forwarded to it): the local profile has neither.`,
    tags,
    errorStyle: 'platform',
    responses: { 200: { description: 'User', schema: accountUserSchema } },
    async handler(_input, ports: AccountPorts) {
      return { status: 200, body: await accountOf(ports).me() }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/account',
    operationId: 'getAccount',
    summary: 'This device’s account on a sync server',
    description: `Not in the spec. Whether this device is signed in to a sync server, which one and as whom, and its local profile. ${LOCAL_PROFILE}`,
    tags,
    errorStyle: 'platform',
    responses: { 200: { description: 'Account state', schema: accountView } },
    async handler(_input, ports: AccountPorts) {
      return { status: 200, body: await accountOf(ports).state() }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/account/sign-in',
    operationId: 'signInToSyncServer',
    summary: 'Sign in to a sync server',
    description:
      'Not in the spec. Logs in at `{server_url}/api/v1/auth/login` and keeps the tokens on this device (never sent back). The sync server’s own errors come back with its status and detail.',
    tags,
    errorStyle: 'platform',
    body: signInBody,
    responses: { 200: { description: 'The account state, signed in', schema: accountView }, ...serverErrors },
    async handler({ body }, ports: AccountPorts) {
      return { status: 200, body: await accountOf(ports).signIn(body) }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/account/sign-up',
    operationId: 'signUpOnSyncServer',
    summary: 'Create an account on a sync server and sign in',
    description:
      'Not in the spec. Registers at `{server_url}/api/v1/auth/register` (username 3..50 of letters, digits, `_.-`; password 8..256 characters; on an invite-only server a valid `invite_token`: the server decides, a refusal is its 403), then signs in.',
    tags,
    errorStyle: 'platform',
    body: signUpBody,
    responses: {
      200: { description: 'The account state, signed in', schema: accountView },
      ...serverErrors,
      403: error(
        'The server’s registration is closed, or needs a valid invite token (its detail says which)',
      ),
      409: error('The email or username is taken'),
    },
    async handler({ body }, ports: AccountPorts) {
      return { status: 200, body: await accountOf(ports).signUp(body) }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/account/local-data',
    operationId: 'chooseLocalData',
    summary: 'Choose what becomes of this device’s data that is not in the account',
    description:
      'Not in the spec. After a sign-in (or sign-up) on a device holding collections, documents or chats the account does not have, sync waits and `GET /api/v1/account` answers their counts as `local_data`; this answers the question and starts syncing. Data kept on this device only stays out of sync until it is sent: with no question waiting, `merge` sends it (counted before as `kept_local_data`), as answering `merge` would have.',
    tags,
    errorStyle: 'platform',
    body: localDataBody,
    responses: {
      200: { description: 'The account state, syncing (`local_data` null)', schema: accountView },
      401: error('No one is signed in'),
      409: error(
        'No choice is waiting (and, for `merge`, nothing is kept on this device only): this device syncs already',
      ),
      422: validation,
      502: error('The sync server could not be reached to tell which data it has'),
    },
    async handler({ body }, ports: AccountPorts) {
      return { status: 200, body: await accountOf(ports).chooseLocalData(body.choice) }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/account/sign-out',
    operationId: 'signOutOfSyncServer',
    summary: 'Sign out of the sync server',
    description:
      'Not in the spec. Ends the session on the server when it can be reached and forgets the tokens in any case, offline included, then stops syncing. The body is optional: `keep_local_data` (default true) says whether the person keeps this device’s collections, documents and chats. The route itself deletes nothing: with `false` the app then deletes this device’s data and reloads.',
    tags,
    errorStyle: 'platform',
    body: signOutBody,
    bodyOptional: true,
    responses: {
      200: { description: 'The account state, signed out', schema: accountView },
      422: validation,
    },
    async handler({ body }, ports: AccountPorts) {
      const state = await accountOf(ports).signOut()
      const keepLocalData = body?.keep_local_data ?? true
      try {
        await ports.onSignedOut?.(keepLocalData)
      } catch (error) {
        // Signed out already (tokens gone): a sync reset that failed is the host's to log, not the person's.
        ports.logError(error)
      }
      return { status: 200, body: state }
    },
  }),
]

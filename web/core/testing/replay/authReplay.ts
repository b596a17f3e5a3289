import { uniqueSuffix } from '../contract/expectValidationIssue'
import type { ReplayCase } from './ReplayCase'
import { check, checkEqual, expectFields, replay } from './replayCall'

const AUTH_CONTEXT = 'BrainDriveAI/BrainDrive-Core frontend/src/contexts/AuthContext.tsx'
const PROFILE_PAGE = 'BrainDriveAI/BrainDrive-Core frontend/src/pages/ProfilePage.tsx'

/** The User as the web app keeps it (`ApiService`'s `User`): its id, and what the profile page shows. */
const USER = {
  id: 'string',
  username: 'string',
  email: 'string',
  full_name: 'string|null',
  profile_picture: 'string|null',
  is_active: 'boolean',
  is_verified: 'boolean',
} as const

/**
 * Requests BrainDrive's clients make to the auth endpoints (see ReplayCase). Login and refresh are not
 * replayed: the app reads tokens and a user from their bodies, where the spec says "empty response
 * body" (the closing note lists them). Logout is not either: the app reads nothing of its
 * answer, and it would end the session the rest of the suite runs in.
 */
export const authReplay: ReplayCase[] = [
  {
    name: 'web app: GET /api/v1/auth/me at start-up answers the User whose id it initialises settings for',
    sources: [`${AUTH_CONTEXT}:268`],
    async run(client) {
      const { body } = await replay<Record<string, unknown>>(
        client,
        { method: 'GET', path: '/api/v1/auth/me' },
        200,
      )
      expectFields(body, USER, 'user')
      check((body.id as string).length > 0, 'the user has an id')
    },
  },
  {
    // Accounts live on the sync server; in the browser this is forwarded to one (none in the replay).
    name: 'web app: POST /api/v1/auth/register with the sign-up form creates the account',
    sources: [`${AUTH_CONTEXT}:361`],
    hosts: ['server'],
    async run(client) {
      const name = `replay_${uniqueSuffix()}`
      const { body } = await replay<Record<string, unknown>>(
        client,
        {
          method: 'POST',
          path: '/api/v1/auth/register',
          json: {
            username: name,
            email: `${name}@example.com`,
            password: `${name} has a long password`,
            full_name: 'Replay Person',
          },
        },
        [200, 201],
      )
      expectFields(body, USER, 'the new user')
      checkEqual([body.username, body.full_name], [name, 'Replay Person'], 'username, full_name')
    },
  },
  {
    // The browser's local profile has no username to change: the route is the sync server's.
    name: 'profile page: PUT /api/v1/auth/profile/username, then GET /api/v1/auth/me shows the new name',
    sources: [`${PROFILE_PAGE}:74`, `${PROFILE_PAGE}:79`],
    hosts: ['server'],
    async run(client) {
      const username = `replay_${uniqueSuffix()}`
      const { body } = await replay<Record<string, unknown>>(
        client,
        { method: 'PUT', path: '/api/v1/auth/profile/username', json: { username } },
        200,
      )
      expectFields(body, USER, 'updated user')
      checkEqual(body.username, username, 'username')
      const me = await replay<Record<string, unknown>>(
        client,
        { method: 'GET', path: '/api/v1/auth/me' },
        200,
      )
      checkEqual(me.body.username, username, 'GET /me after the change')
    },
  },
  {
    name: 'profile page: PUT /api/v1/auth/profile/password with a wrong current password answers the detail it shows',
    sources: [`${PROFILE_PAGE}:130`],
    hosts: ['server'],
    async run(client) {
      // The page sends confirm_password too, and shows `err.response.data.detail` when it fails.
      const { body } = await replay<{ detail: unknown }>(
        client,
        {
          method: 'PUT',
          path: '/api/v1/auth/profile/password',
          json: {
            current_password: 'not the password of this account',
            new_password: 'a brand new long password',
            confirm_password: 'a brand new long password',
          },
        },
        400,
      )
      check(
        typeof body.detail === 'string' && /current password/i.test(body.detail),
        `detail says why (${JSON.stringify(body.detail)})`,
      )
    },
  },
]

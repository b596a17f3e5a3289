import type { Benchmark, BenchContext } from './lib/Benchmark'
import { ratioResult } from './lib/ratioResult'
import type { RunningTarget } from './lib/RunningTarget'
import { signUpForTest } from '../sync-server/test/signUpForTest'
import { startQuireServer } from './lib/startQuireServer'
import { measureCase, seedCollections, serverErrorLogger } from './server-collections'
import { resultRecorder } from './lib/resultRecorder'

const NAME = 'server-auth'
const SEEDED = 100
const BASELINE_CASE = `GET /api/collections/ (${SEEDED} collections, single-user, no credentials)`
const ACCESS_CASE = `GET /api/collections/ (${SEEDED} collections, Bearer access token)`
const PERSONAL_CASE = `GET /api/collections/ (${SEEDED} collections, Bearer personal access token)`
const LOGIN_CASE = 'POST /api/v1/auth/login (Argon2id verify, cookies set)'

/**
 * What accounts cost: the same authenticated list of collections with an access token (JWT verified,
 * its session looked up) and with a personal access token (hashed, looked up), against the
 * single-user server that checks nothing, measured in the same run; and sign-in throughput, which
 * Argon2id bounds on purpose. Rate limits are off for the load (startQuireServer).
 */
export const serverAuth: Benchmark = {
  name: NAME,
  async run(context) {
    const { results, record } = resultRecorder(context)
    const list = (url: string, headers: Record<string, string> = {}) => ({
      url: `${url}/api/collections/`,
      headers,
    })

    const baseline = record(
      await measureCase(
        context,
        BASELINE_CASE,
        () => seeded(context, false),
        (url) => list(url),
        NAME,
      ),
    )
    let access = ''
    let personal = ''
    let credentials = { email: '', password: '' }
    const withAccount = async () => {
      const target = await seeded(context, true, async (url) => {
        const user = await signUpForTest(url, 'bench')
        access = user.access_token
        personal = user.token
        return user.auth
      })
      return target
    }
    const viaAccess = record(
      await measureCase(
        context,
        ACCESS_CASE,
        withAccount,
        (url) => list(url, { authorization: `Bearer ${access}` }),
        NAME,
      ),
    )
    const viaPersonal = record(
      await measureCase(
        context,
        PERSONAL_CASE,
        withAccount,
        (url) => list(url, { authorization: `Bearer ${personal}` }),
        NAME,
      ),
    )
    record(
      await measureCase(
        context,
        LOGIN_CASE,
        async () => {
          const target = await startQuireServer(serverErrorLogger(context, NAME), { accounts: true })
          const user = await signUpForTest(target.url, 'bench')
          credentials = { email: user.email, password: user.password }
          return target
        },
        (url) => ({
          url: `${url}/api/v1/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(credentials),
        }),
        NAME,
      ),
    )
    record(ratioResult(NAME, viaAccess, baseline))
    record(ratioResult(NAME, viaPersonal, baseline))
    return results
  },
}

/** A server with SEEDED collections: single-user, or made by a new account whose credentials `signIn` gives. */
async function seeded(
  context: BenchContext,
  accounts: boolean,
  signIn?: (url: string) => Promise<Record<string, string>>,
): Promise<RunningTarget> {
  const target = await startQuireServer(serverErrorLogger(context, NAME), { accounts })
  try {
    const headers = signIn ? await signIn(target.url) : {}
    await seedCollections(target.url, SEEDED, headers)
    return target
  } catch (error) {
    await target.stop()
    throw error
  }
}

import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AccountView } from './accountApi'
import { syncServerAnswers } from './syncServerAnswers'

const user = {
  id: 'u1',
  username: 'local',
  email: 'local@quire.invalid',
  full_name: null,
  profile_picture: null,
  is_active: true,
  is_verified: true,
}
const account = (fields: Partial<AccountView>): (() => Promise<AccountView>) => {
  return () =>
    Promise.resolve({
      signed_in: false,
      needs_sign_in: false,
      server_url: null,
      user: null,
      local_user: user,
      local_data: null,
      kept_local_data: null,
      ...fields,
    })
}

describe('syncServerAnswers', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is true while signed in, without looking at the server', async () => {
    const health = vi.fn()
    expect(await syncServerAnswers({ account: account({ signed_in: true }), health })).toBe(true)
    expect(health).not.toHaveBeenCalled()
  })

  it('signed out, is true only where this origin is a server without accounts', async () => {
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:8080' })
    const seen: string[] = []
    const answering = (body: Record<string, unknown> | null) => (url: string) => {
      seen.push(url)
      return Promise.resolve(body)
    }
    const signedOut = account({})
    expect(await syncServerAnswers({ account: signedOut, health: answering({ accounts: false }) })).toBe(true)
    expect(seen).toEqual(['http://127.0.0.1:8080'])
    expect(await syncServerAnswers({ account: signedOut, health: answering({ accounts: true }) })).toBe(false)
    // An older server, without the field, or a static host (no health read): not asked.
    expect(
      await syncServerAnswers({
        account: signedOut,
        health: answering({ registration: 'closed' }),
      }),
    ).toBe(false)
    expect(await syncServerAnswers({ account: signedOut, health: answering(null) })).toBe(false)
    // A session the server ended is signed out until the person signs in again.
    const ended = account({ needs_sign_in: true, server_url: 'http://127.0.0.1:8080' })
    expect(await syncServerAnswers({ account: ended, health: answering({ accounts: true }) })).toBe(false)
  })

  it('is false where the account cannot be read', async () => {
    const failing = () => Promise.reject(new Error('no API'))
    expect(
      await syncServerAnswers({ account: failing, health: () => Promise.resolve({ accounts: false }) }),
    ).toBe(false)
  })
})

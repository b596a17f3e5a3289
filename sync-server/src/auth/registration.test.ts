import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../web/core/kernel/ApiError'
import { admitRegistration, registrationFromEnv } from './registration'

const INVITE = 'e3b0c44298fc1c149afbf4c8996fb924'

describe('registrationFromEnv', () => {
  it('is open by default, closed or by invite when the operator says so', () => {
    expect(registrationFromEnv({})).toEqual({ mode: 'open' })
    expect(registrationFromEnv({ REGISTRATION: 'closed' })).toEqual({ mode: 'closed' })
    expect(
      registrationFromEnv({ REGISTRATION: 'invite', REGISTRATION_INVITE_TOKENS: ` ${INVITE}, ${INVITE}x ` }),
    ).toEqual({ mode: 'invite', tokens: [INVITE, `${INVITE}x`] })
    // Tokens alone mean invite-only: the operator handing out tokens means registration is not open.
    expect(registrationFromEnv({ REGISTRATION_INVITE_TOKENS: INVITE })).toEqual({
      mode: 'invite',
      tokens: [INVITE],
    })
  })

  it('refuses to start on a setting that makes no sense', () => {
    expect(() => registrationFromEnv({ REGISTRATION: 'invite-only' })).toThrow(/open, closed or invite/)
    expect(() => registrationFromEnv({ REGISTRATION: 'invite' })).toThrow(/needs REGISTRATION_INVITE_TOKENS/)
    expect(() => registrationFromEnv({ REGISTRATION: 'invite', REGISTRATION_INVITE_TOKENS: 'abc' })).toThrow(
      /at least 16 characters/,
    )
    expect(() => registrationFromEnv({ REGISTRATION: 'open', REGISTRATION_INVITE_TOKENS: INVITE })).toThrow(
      /REGISTRATION is open/,
    )
  })
})

describe('admitRegistration', () => {
  const refusal = (run: () => void) => {
    try {
      run()
    } catch (error) {
      return error instanceof ApiError ? [error.status, error.message] : error
    }
    return undefined
  }

  it('admits anyone when open and nobody when closed', () => {
    expect(refusal(() => admitRegistration({ mode: 'open' }, undefined))).toBeUndefined()
    expect(refusal(() => admitRegistration({ mode: 'closed' }, INVITE))).toEqual([
      403,
      expect.stringMatching(/closed/),
    ])
  })

  it('admits an invite token the operator listed, and says what is wrong otherwise', () => {
    const invite = { mode: 'invite' as const, tokens: [INVITE] }
    expect(refusal(() => admitRegistration(invite, INVITE))).toBeUndefined()
    expect(refusal(() => admitRegistration(invite, undefined))).toEqual([
      403,
      expect.stringMatching(/needs an invite/),
    ])
    expect(refusal(() => admitRegistration(invite, `${INVITE}0`))).toEqual([
      403,
      expect.stringMatching(/not valid/),
    ])
  })
})

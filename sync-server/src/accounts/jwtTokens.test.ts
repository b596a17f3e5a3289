import jwt from 'jsonwebtoken'
import { describe, expect, it } from 'vitest'
import { signAccessToken, signRefreshToken, verifyAccessToken, verifyRefreshToken } from './jwtTokens'

const key = Buffer.from('k'.repeat(48))
const otherKey = Buffer.from('o'.repeat(48))
const nowMs = Date.parse('2030-01-01T00:00:00Z')
const sign = { nowMs, ttlSeconds: 900 }
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const decode = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>

/** Replaces the character at `index` of `text` by a different base64url character. */
function flip(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'B' : 'A'
  return text.slice(0, index) + replacement + text.slice(index + 1)
}

describe('jwtTokens', () => {
  const access = signAccessToken(key, { sub: 'user-1', sid: 'session-1' }, sign)
  const refresh = signRefreshToken(key, { sub: 'user-1', sid: 'session-1', jti: 'jti-1' }, sign)

  it('round-trips access and refresh claims, HS256 and issuer quire', () => {
    expect(verifyAccessToken(key, access, nowMs)).toEqual({
      sub: 'user-1',
      sid: 'session-1',
      exp: nowMs / 1000 + 900,
    })
    expect(verifyRefreshToken(key, refresh, nowMs)).toEqual({
      sub: 'user-1',
      sid: 'session-1',
      jti: 'jti-1',
      exp: nowMs / 1000 + 900,
    })
    const [header, payload] = access.split('.') as [string, string]
    expect(decode(header)).toMatchObject({ alg: 'HS256' })
    expect(decode(payload)).toMatchObject({ iss: 'quire', typ: 'access' })
  })

  it('keeps the two kinds apart', () => {
    expect(verifyAccessToken(key, refresh, nowMs)).toBeUndefined()
    expect(verifyRefreshToken(key, access, nowMs)).toBeUndefined()
  })

  it('refuses expired tokens', () => {
    expect(verifyAccessToken(key, access, nowMs + 899_000)).toBeDefined()
    expect(verifyAccessToken(key, access, nowMs + 901_000)).toBeUndefined()
    expect(verifyRefreshToken(key, refresh, nowMs + 901_000)).toBeUndefined()
  })

  it('refuses a tampered signature or payload', () => {
    const [header, payload, signature] = access.split('.') as [string, string, string]
    // Middle characters: the last one of a signature may only carry unused padding bits.
    for (const index of [0, 10, 21, 30]) {
      expect(verifyAccessToken(key, `${header}.${payload}.${flip(signature, index)}`, nowMs)).toBeUndefined()
    }
    expect(verifyAccessToken(key, `${header}.${flip(payload, 5)}.${signature}`, nowMs)).toBeUndefined()
    const forged = b64({ ...decode(payload), sub: 'user-2' })
    expect(verifyAccessToken(key, `${header}.${forged}.${signature}`, nowMs)).toBeUndefined()
  })

  it('refuses alg none, other algorithms, other keys, other issuers and garbage', () => {
    const [, payload] = access.split('.') as [string, string]
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`
    expect(verifyAccessToken(key, none, nowMs)).toBeUndefined()
    expect(verifyAccessToken(key, none.slice(0, -1), nowMs)).toBeUndefined()

    const claims = { typ: 'access', sid: 'session-1', iat: nowMs / 1000, exp: nowMs / 1000 + 900 }
    const hs512 = jwt.sign(claims, key, { algorithm: 'HS512', issuer: 'quire', subject: 'user-1' })
    expect(verifyAccessToken(key, hs512, nowMs)).toBeUndefined()
    const elsewhere = jwt.sign(claims, key, { algorithm: 'HS256', issuer: 'someone-else', subject: 'user-1' })
    expect(verifyAccessToken(key, elsewhere, nowMs)).toBeUndefined()
    const noExpiry = jwt.sign({ typ: 'access', sid: 'session-1' }, key, {
      issuer: 'quire',
      subject: 'user-1',
    })
    expect(verifyAccessToken(key, noExpiry, nowMs)).toBeUndefined()

    expect(verifyAccessToken(otherKey, access, nowMs)).toBeUndefined()
    expect(verifyRefreshToken(otherKey, refresh, nowMs)).toBeUndefined()
    for (const garbage of ['', 'abc', 'a.b.c', '...', 'qpat_x', `${access}x`]) {
      expect(verifyAccessToken(key, garbage, nowMs)).toBeUndefined()
      expect(verifyRefreshToken(key, garbage, nowMs)).toBeUndefined()
    }
  })
})

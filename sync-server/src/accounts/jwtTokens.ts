import { createSecretKey, type KeyObject } from 'node:crypto'
import jwt from 'jsonwebtoken'

/** Every token this server signs names it as issuer; a JWT from anywhere else is refused. */
export const TOKEN_ISSUER = 'quire'

export type TokenType = 'access' | 'refresh'

export interface AccessClaims {
  /** The user id. */
  sub: string
  /** The session (refresh-token family) the token belongs to. */
  sid: string
  /** Expiry, seconds since the epoch. */
  exp: number
}

export interface RefreshClaims extends AccessClaims {
  /** The refresh token's own id: the row that records whether it was used. */
  jti: string
}

export interface SignOptions {
  nowMs: number
  ttlSeconds: number
}

/**
 * The key as a KeyObject, made once per key. Handed a Buffer, jsonwebtoken first tries to read it as
 * a public key and catches the failure, on every call: 0.5 ms per verify here, against 12 µs.
 */
const keyObjects = new WeakMap<Buffer, KeyObject>()
function secretKey(key: Buffer): KeyObject {
  let object = keyObjects.get(key)
  if (!object) {
    object = createSecretKey(key)
    keyObjects.set(key, object)
  }
  return object
}

function sign(key: Buffer, typ: TokenType, claims: Record<string, string>, options: SignOptions): string {
  const { sub, ...rest } = claims
  const iat = Math.floor(options.nowMs / 1000)
  // iat and exp go in the payload (not expiresIn) so that the service's clock, not the machine's, decides.
  return jwt.sign({ ...rest, typ, iat, exp: iat + options.ttlSeconds }, secretKey(key), {
    algorithm: 'HS256',
    issuer: TOKEN_ISSUER,
    ...(sub === undefined ? {} : { subject: sub }),
  })
}

/**
 * The payload of a token this server signed with `key`, of type `typ`, not expired at `nowMs`; else
 * undefined, never an exception. The algorithm is pinned to HS256, so `alg: none` and algorithm
 * confusion (an RS256 token "verified" with the HMAC key as a public key) are refused by the library;
 * the `typ` claim keeps a refresh token from being used as an access token and the other way round.
 */
function verify(
  key: Buffer,
  token: string,
  typ: TokenType,
  nowMs: number,
): Record<string, unknown> | undefined {
  let payload: unknown
  try {
    payload = jwt.verify(token, secretKey(key), {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      clockTimestamp: Math.floor(nowMs / 1000),
    })
  } catch {
    return undefined
  }
  if (typeof payload !== 'object' || payload === null) return undefined
  const claims = payload as Record<string, unknown>
  if (claims.typ !== typ) return undefined
  // jsonwebtoken accepts a token without exp; ours always carry one, so a token lacking it is not ours.
  if (typeof claims.exp !== 'number') return undefined
  if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return undefined
  return claims
}

export function signAccessToken(
  key: Buffer,
  claims: { sub: string; sid: string },
  options: SignOptions,
): string {
  return sign(key, 'access', { sub: claims.sub, sid: claims.sid }, options)
}

export function signRefreshToken(
  key: Buffer,
  claims: { sub: string; sid: string; jti: string },
  options: SignOptions,
): string {
  return sign(key, 'refresh', { sub: claims.sub, sid: claims.sid, jti: claims.jti }, options)
}

export function verifyAccessToken(key: Buffer, token: string, nowMs: number): AccessClaims | undefined {
  const claims = verify(key, token, 'access', nowMs)
  if (!claims) return undefined
  return { sub: claims.sub as string, sid: claims.sid as string, exp: claims.exp as number }
}

export function verifyRefreshToken(key: Buffer, token: string, nowMs: number): RefreshClaims | undefined {
  const claims = verify(key, token, 'refresh', nowMs)
  if (!claims || typeof claims.jti !== 'string') return undefined
  return { sub: claims.sub as string, sid: claims.sid as string, jti: claims.jti, exp: claims.exp as number }
}

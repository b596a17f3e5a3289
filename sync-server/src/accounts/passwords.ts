import { hash, verify, type Algorithm } from '@node-rs/argon2'

// Algorithm is an ambient const enum, which verbatimModuleSyntax cannot read at run time; the member's
// type still checks that 2 is Argon2id (and the tests check the hashes say $argon2id$).
const ARGON2ID: Algorithm.Argon2id = 2

/**
 * A real Argon2id hash (of a password nobody is told) with the same cost parameters as
 * `hashPassword`. Login verifies against it when the email is unknown, so an unknown account costs
 * the same time as a wrong password and timing does not reveal which emails are registered.
 */
export const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$FOtcjHJXsq6qqON1vYYXHA$yQX/xcYhDBTyMkuufyoD9+7DNWRV0kEr2cw7PRHeLrM'

/** Argon2id with the library defaults (m=19456 KiB, t=2, p=1): the PHC string, salt included. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, { algorithm: ARGON2ID })
}

/**
 * Whether `plain` matches `hashed`. Never throws: a malformed or truncated hash (a damaged row, a hash
 * from another scheme) is simply no match, so a login answers 401 instead of 500.
 */
export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain)
  } catch {
    return false
  }
}

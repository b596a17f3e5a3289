import { describe, expect, it } from 'vitest'
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords'

/** The `$argon2id$v=..$m=..,t=..,p=..` part of a PHC string: algorithm, version and cost. */
const costOf = (hash: string) => hash.split('$').slice(1, 4).join('$')

describe('passwords', () => {
  it('hashes with Argon2id, salted, and verifies only the right password', async () => {
    const first = await hashPassword('correct horse battery')
    const second = await hashPassword('correct horse battery')
    expect(first.startsWith('$argon2id$')).toBe(true)
    expect(first).not.toBe(second)
    expect(await verifyPassword(first, 'correct horse battery')).toBe(true)
    expect(await verifyPassword(second, 'correct horse battery')).toBe(true)
    expect(await verifyPassword(first, 'correct horse batterY')).toBe(false)
  })

  it('answers false, never throws, for a malformed hash', async () => {
    expect(await verifyPassword('', 'whatever1')).toBe(false)
    expect(await verifyPassword('not a hash', 'whatever1')).toBe(false)
    const truncated = (await hashPassword('whatever1')).slice(0, 40)
    expect(await verifyPassword(truncated, 'whatever1')).toBe(false)
  })

  it('keeps the dummy hash as costly as a real one, so unknown emails take as long', async () => {
    expect(costOf(DUMMY_PASSWORD_HASH)).toBe(costOf(await hashPassword('anything else')))
    expect(await verifyPassword(DUMMY_PASSWORD_HASH, 'password')).toBe(false)
  })
})

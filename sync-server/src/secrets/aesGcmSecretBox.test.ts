import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { aesGcmSecretBox } from './aesGcmSecretBox'

describe('aesGcmSecretBox', () => {
  const key = randomBytes(32)

  it('seals to text that names its format and differs every time, and opens it back', async () => {
    const box = aesGcmSecretBox(key, 'user-1')
    const first = await box.seal('sk-secret-ünïcode')
    const second = await box.seal('sk-secret-ünïcode')
    expect(first).toMatch(/^quire-sealed:v1:[A-Za-z0-9_-]+$/)
    expect(first).not.toBe(second)
    expect(first).not.toContain('sk-secret')
    expect(box.isSealed(first)).toBe(true)
    expect(box.isSealed('sk-secret')).toBe(false)
    expect(await box.open(first)).toBe('sk-secret-ünïcode')
  })

  it('refuses to open with another key, for another user, or after any byte changed', async () => {
    const sealed = await aesGcmSecretBox(key, 'user-1').seal('sk-secret')
    await expect(aesGcmSecretBox(randomBytes(32), 'user-1').open(sealed)).rejects.toThrow()
    await expect(aesGcmSecretBox(key, 'user-2').open(sealed)).rejects.toThrow()
    const bytes = Buffer.from(sealed.slice('quire-sealed:v1:'.length), 'base64url')
    bytes[bytes.length - 1]! ^= 1
    await expect(
      aesGcmSecretBox(key, 'user-1').open(`quire-sealed:v1:${bytes.toString('base64url')}`),
    ).rejects.toThrow()
    await expect(aesGcmSecretBox(key, 'user-1').open('quire-sealed:v1:AAAA')).rejects.toThrow(/truncated/)
    expect(() => aesGcmSecretBox(randomBytes(16), 'user-1')).toThrow(/32-byte/)
  })
})

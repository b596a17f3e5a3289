import { describe, expect, it } from 'vitest'
import { sha256Hex } from './FileStore'
import { Sha256 } from './Sha256'

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const webCrypto = async (bytes: Uint8Array) =>
  hex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)))
const bytesOf = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 0xff)

describe('Sha256', () => {
  it('gives Web Crypto’s digest for lengths around the block and padding boundaries', async () => {
    for (const length of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 1_000, 70_001]) {
      const bytes = bytesOf(length)
      expect(hex(new Sha256().update(bytes).digest()), `length ${length}`).toBe(await webCrypto(bytes))
    }
  })

  it('gives the same digest however the input is cut into updates', async () => {
    const bytes = bytesOf(10_000)
    for (const piece of [1, 7, 63, 64, 65, 4_096]) {
      const hash = new Sha256()
      for (let start = 0; start < bytes.length; start += piece)
        hash.update(bytes.subarray(start, start + piece))
      expect(hex(hash.digest()), `pieces of ${piece}`).toBe(await webCrypto(bytes))
    }
  })

  it('refuses updates after the digest', () => {
    const hash = new Sha256()
    hash.digest()
    expect(() => hash.update(new Uint8Array(1))).toThrow()
  })
})

describe('sha256Hex', () => {
  it('hashes big inputs in slices to the same key as Web Crypto', async () => {
    const big = bytesOf(9 * 1024 * 1024 + 5)
    expect(await sha256Hex(big)).toBe(await webCrypto(big))
    const small = bytesOf(1_000)
    expect(await sha256Hex(small)).toBe(await webCrypto(small))
  })
})

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadTokenKey } from './tokenKey'

describe('loadTokenKey', () => {
  let root: string
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'quire-key-'))
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('uses a configured secret of at least 32 bytes as it is, writing nothing', () => {
    const secret = 'x'.repeat(31) + 'y'
    expect(loadTokenKey(root, secret).equals(Buffer.from(secret))).toBe(true)
    expect(() => statSync(join(root, 'jwt-secret'))).toThrow()
  })

  it('refuses a configured secret shorter than 32 bytes with a clear error', () => {
    expect(() => loadTokenKey(root, 'short-secret')).toThrow(/JWT_SECRET is too short \(12 bytes\)/)
    expect(() => loadTokenKey(root, 'x'.repeat(31))).toThrow(/at least 32/)
  })

  it('generates a key once, private to the owner, and reuses it on later starts', () => {
    const dataDir = join(root, 'nested', 'data')
    const first = loadTokenKey(dataDir)
    expect(first.length).toBe(48)
    const file = join(dataDir, 'jwt-secret')
    expect(readFileSync(file).equals(first)).toBe(true)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    const second = loadTokenKey(dataDir)
    expect(second.equals(first)).toBe(true)
    // An empty JWT_SECRET counts as unset.
    expect(loadTokenKey(dataDir, '').equals(first)).toBe(true)
  })

  it('refuses a truncated key file instead of replacing it', () => {
    writeFileSync(join(root, 'jwt-secret'), Buffer.alloc(10))
    expect(() => loadTokenKey(root)).toThrow(/holds 10 bytes/)
    expect(readFileSync(join(root, 'jwt-secret')).length).toBe(10)
  })
})

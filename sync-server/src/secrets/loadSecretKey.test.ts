import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { configFromEnv } from '../config'
import { loadSecretKey } from './loadSecretKey'

describe('loadSecretKey', () => {
  let root: string
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'quire-secret-'))
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('stretches a configured secret of 32+ bytes to a 32-byte key, writing nothing', () => {
    const secret = 'a passphrase of more than thirty-two characters'
    const key = loadSecretKey(root, secret)
    expect(key.length).toBe(32)
    expect(key.equals(loadSecretKey(root, secret))).toBe(true)
    expect(key.equals(loadSecretKey(root, `${secret}!`))).toBe(false)
    expect(() => statSync(join(root, 'secret-key'))).toThrow()
  })

  it('refuses a short QUIRE_SECRET_KEY with a clear error, here and in configFromEnv', () => {
    expect(() => loadSecretKey(root, 'short')).toThrow(/QUIRE_SECRET_KEY is too short \(5 bytes\)/)
    expect(() => configFromEnv({ QUIRE_SECRET_KEY: 'x'.repeat(31) })).toThrow(/at least 32/)
    expect(configFromEnv({ QUIRE_SECRET_KEY: 'x'.repeat(32) }).secretKey).toBe('x'.repeat(32))
    expect(configFromEnv({ QUIRE_SECRET_KEY: '' }).secretKey).toBeUndefined()
  })

  it('generates a secret once, private to the owner, and reuses it on later starts', () => {
    const dataDir = join(root, 'nested')
    const first = loadSecretKey(dataDir)
    const file = join(dataDir, 'secret-key')
    expect(readFileSync(file).length).toBe(32)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(loadSecretKey(dataDir).equals(first)).toBe(true)
    expect(loadSecretKey(dataDir, '').equals(first)).toBe(true)
  })

  it('refuses a truncated secret file instead of replacing it', () => {
    writeFileSync(join(root, 'secret-key'), Buffer.alloc(7))
    expect(() => loadSecretKey(root)).toThrow(/holds 7 bytes/)
    expect(readFileSync(join(root, 'secret-key')).length).toBe(7)
  })
})

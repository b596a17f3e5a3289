import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ownerOnlyDataDir } from './ownerOnlyDataDir'

describe('ownerOnlyDataDir', () => {
  const made: string[] = []
  const folder = () => {
    const path = mkdtempSync(join(tmpdir(), 'quire-owner-only-'))
    made.push(path)
    return path
  }
  afterEach(() => {
    for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true })
  })

  it('makes a new, empty DATA_DIR owner-only without counting it: nothing there was readable', () => {
    const dataDir = folder()
    chmodSync(dataDir, 0o755)
    expect(ownerOnlyDataDir(dataDir)).toBe(0)
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700)
  })

  it('counts what others could read under DATA_DIR, and tightens it', () => {
    const dataDir = folder()
    chmodSync(dataDir, 0o755)
    mkdirSync(join(dataDir, 'users'), { mode: 0o755 })
    chmodSync(join(dataDir, 'users'), 0o755)
    writeFileSync(join(dataDir, 'users', 'quire.db'), 'data')
    chmodSync(join(dataDir, 'users', 'quire.db'), 0o644)
    expect(ownerOnlyDataDir(dataDir)).toBe(2)
    expect(lstatSync(join(dataDir, 'users', 'quire.db')).mode & 0o777).toBe(0o600)
  })
})

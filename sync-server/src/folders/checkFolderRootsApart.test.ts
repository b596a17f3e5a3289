import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { configFromEnv } from '../config'
import { checkFolderRootsApart } from './checkFolderRootsApart'

const top = mkdtempSync(join(tmpdir(), 'quire-apart-'))
afterAll(() => rmSync(top, { recursive: true, force: true }))
mkdirSync(join(top, 'srv', 'data'), { recursive: true })
mkdirSync(join(top, 'docs'))
symlinkSync(join(top, 'srv'), join(top, 'srv-link'))

describe('checkFolderRootsApart', () => {
  const data = join(top, 'srv', 'data')
  const refused = (roots: string[], dataDir = data) => {
    try {
      checkFolderRootsApart(roots, dataDir)
      return undefined
    } catch (error) {
      return (error as Error).message
    }
  }

  it('refuses a root that holds DATA_DIR, or lies inside it, also through a link or a {user} root', () => {
    expect(refused([join(top, 'srv')])).toMatch(/FOLDER_ROOTS: ".*srv" contains DATA_DIR \(.*data\)/)
    expect(refused([data])).toMatch(/contains DATA_DIR/)
    expect(refused(['/'])).toMatch(/contains DATA_DIR/)
    expect(refused([join(data, 'users')])).toMatch(/lies inside DATA_DIR/)
    expect(refused([join(top, 'srv-link')])).toMatch(/contains DATA_DIR/)
    expect(refused([join(top, 'docs')], join(top, 'srv-link', 'data'))).toBeUndefined()
    expect(refused([join(top, 'srv', '{user}', 'notes')])).toMatch(/contains DATA_DIR/)
    expect(refused([join(top, 'srv', 'u-{user}')])).toMatch(/contains DATA_DIR/)
    expect(refused([join(data, 'people', '{user}')])).toMatch(/lies inside DATA_DIR/)
    expect(refused([join(data, 'people', '{username}')])).toMatch(/lies inside DATA_DIR/)
    expect(refused([join(top, 'srv', 'mail-{email}')])).toMatch(/contains DATA_DIR/)
    // Neither there yet: compared as written below their deepest existing folder.
    expect(refused([join(top, 'docs', 'later')], join(top, 'docs', 'later', 'data'))).toMatch(/contains/)
  })

  it('accepts roots apart from DATA_DIR, a sibling with a shared prefix included', () => {
    expect(refused([join(top, 'docs'), join(top, 'docs', '{user}'), join(top, 'srv', 'data-shared')])).toBe(
      undefined,
    )
    expect(refused([])).toBeUndefined()
  })

  it('stops the server at start: configFromEnv throws what to change', () => {
    expect(() =>
      configFromEnv({ DATA_DIR: data, FOLDER_ROOTS: `${join(top, 'docs')}:${join(top, 'srv')}` }),
    ).toThrow(/FOLDER_ROOTS: ".*srv" contains DATA_DIR/)
    expect(configFromEnv({ DATA_DIR: data, FOLDER_ROOTS: join(top, 'docs') }).folderRoots).toEqual([
      join(top, 'docs'),
    ])
  })
})

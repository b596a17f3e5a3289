import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../../web/core/kernel/ApiError'
import { parseFolderRoots, resolveFolder, rootsOf } from './folderRoots'

const top = mkdtempSync(join(tmpdir(), 'quire-roots-'))
afterAll(() => rmSync(top, { recursive: true, force: true }))
const ALICE = '11111111-1111-4111-8111-111111111111'
const BOB = '22222222-2222-4222-8222-222222222222'
for (const user of [ALICE, BOB]) mkdirSync(join(top, 'people', user, 'notes'), { recursive: true })
mkdirSync(join(top, 'secret'))
writeFileSync(join(top, 'people', ALICE, 'file.md'), '# not a folder')
symlinkSync(join(top, 'secret'), join(top, 'people', ALICE, 'escape'))
const roots = rootsOf(parseFolderRoots(join(top, 'people', '{user}')), {
  id: ALICE,
  username: 'alice',
  email: 'alice@example.com',
})

async function refusal(path: string): Promise<[number, string]> {
  const error = await resolveFolder(roots, path).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ApiError)
  return [(error as ApiError).status, (error as ApiError).message]
}

describe('resolveFolder', () => {
  it('accepts a folder inside the person’s own root', async () => {
    const folder = await resolveFolder(roots, join(top, 'people', ALICE, 'notes'))
    expect(folder.path.endsWith(join(ALICE, 'notes'))).toBe(true)
  })

  it('refuses "..", relative and absolute paths outside, links out of a root and another person’s root', async () => {
    expect(await refusal(`${join(top, 'people', ALICE)}/../${BOB}/notes`)).toEqual([
      400,
      'path: must not contain ".."',
    ])
    expect(await refusal('notes')).toEqual([400, 'path: must be an absolute path'])
    expect((await refusal('/etc'))[0]).toBe(403)
    expect((await refusal(join(top, 'people', BOB, 'notes')))[0]).toBe(403)
    expect(await refusal(join(top, 'people', ALICE, 'escape'))).toEqual([
      403,
      'path: leads outside the folders this server lets you follow (a symbolic link)',
    ])
    expect(await refusal(join(top, 'people', ALICE, 'nothing-here'))).toEqual([404, 'path: no such folder'])
    expect(await refusal(join(top, 'people', ALICE, 'file.md'))).toEqual([400, 'path: not a folder'])
    expect(await refusal(`${join(top, 'people', ALICE)}\0/notes`)).toEqual([
      400,
      'path: must not contain a NUL character',
    ])
  })

  it('refuses everything when the operator named no roots, and reads roots as PATH does', async () => {
    expect(parseFolderRoots(undefined)).toEqual([])
    expect(parseFolderRoots('/srv/a:/srv/{user}/docs')).toEqual(['/srv/a', '/srv/{user}/docs'])
    expect(() => parseFolderRoots('relative/dir')).toThrow(/absolute/)
    expect(() => parseFolderRoots('/srv/../etc')).toThrow(/absolute/)
    const error = await resolveFolder([], join(top, 'people', ALICE, 'notes')).catch((e: unknown) => e)
    expect((error as ApiError).status).toBe(403)
  })
})

describe('person roots', () => {
  const ada = { id: ALICE, username: 'Ada.L', email: 'ada+notes@example.com' }
  it('names a person by id, username or email, each one folder name', () => {
    expect(
      rootsOf(parseFolderRoots('/srv/ids/{user}:/srv/names/{username}/docs:/srv/mail/{email}'), ada),
    ).toEqual([`/srv/ids/${ALICE}`, '/srv/names/ada.l/docs', '/srv/mail/ada+notes@example.com'])
    expect(rootsOf(['/srv/names/{username}'], { ...ada, username: '../../etc' })).toEqual([
      '/srv/names/%2e.%2f..%2fetc',
    ])
  })

  it('leaves out an {email} root for a person without an email (no accounts)', () => {
    expect(
      rootsOf(['/srv/mail/{email}', '/srv/shared'], { id: 'local', username: 'local', email: '' }),
    ).toEqual(['/srv/shared'])
  })

  it('refuses unknown placeholders, and roots that could give two people one folder', () => {
    expect(() => parseFolderRoots('/srv/{name}')).toThrow(
      /names \{name\}.*\{user\}, \{username\} or \{email\}/,
    )
    for (const clash of [
      '/srv/{user}:/srv/{username}',
      '/srv/{username}:/srv/{username}-docs',
      '/srv/{username}:/srv/team/{user}',
      '/{email}:/srv/{user}',
    ]) {
      expect(() => parseFolderRoots(clash), clash).toThrow(/could give two people the same folder/)
    }
    for (const apart of [
      '/srv/{user}/a:/srv/{user}/b',
      '/srv/people/{username}:/mnt/mail/{email}',
      '/srv/shared:/srv/people/{username}',
    ]) {
      expect(parseFolderRoots(apart), apart).toHaveLength(2)
    }
  })
})

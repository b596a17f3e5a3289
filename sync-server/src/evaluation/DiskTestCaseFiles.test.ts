import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../../web/core/kernel/ApiError'
import { DiskTestCaseFiles } from './DiskTestCaseFiles'

describe('DiskTestCaseFiles', () => {
  let dir: string
  let files: DiskTestCaseFiles

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-testcases-'))
    await mkdir(join(dir, 'evaluation', 'sets'), { recursive: true })
    await writeFile(join(dir, 'evaluation', 'sets', 'a.json'), '{"test_cases":[]}')
    await writeFile(join(dir, 'secret.txt'), 'outside')
    await symlink(join(dir, 'secret.txt'), join(dir, 'evaluation', 'escape.json'))
    files = new DiskTestCaseFiles(join(dir, 'evaluation'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  const refusal = async (path: string) => {
    const error = await files.read(path).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    return String((error as ApiError).detail)
  }

  it('reads a file inside the folder', async () => {
    expect(await files.read('sets/a.json')).toBe('{"test_cases":[]}')
  })

  it('refuses absolute paths, .. segments, links out, folders and missing files', async () => {
    expect(await refusal(join(dir, 'secret.txt'))).toMatch(/absolute/)
    expect(await refusal('../secret.txt')).toMatch(/\.\./)
    expect(await refusal('sets/../../secret.txt')).toMatch(/\.\./)
    expect(await refusal('escape.json')).toMatch(/outside/)
    expect(await refusal('sets')).toMatch(/not a file/)
    expect(await refusal('nope.json')).toMatch(/no file/)
    expect(await refusal('a\0b')).toMatch(/NUL/)
  })
})

import { execFileSync } from 'node:child_process'
import {
  appendFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FolderFileChangedError } from '../../../web/core/folders/FolderPort'
import { readListedFile, type ListedFile } from './readListedFile'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

const top = mkdtempSync(join(tmpdir(), 'quire-read-'))
afterAll(() => rmSync(top, { recursive: true, force: true }))
const SECRET = 'jwt-secret: 0123456789abcdef'
writeFileSync(join(top, 'secret'), SECRET)

/** Lists `path` as the folder's listing does. */
function listed(path: string): ListedFile {
  const facts = lstatSync(path, { bigint: true })
  return { dev: facts.dev, ino: facts.ino, size: Number(facts.size), modified: Number(facts.mtimeMs) }
}

async function refusal(path: string, file: ListedFile): Promise<unknown> {
  return readListedFile(path, file).then(
    (bytes) => new TextDecoder().decode(bytes),
    (error: unknown) => error,
  )
}

describe('readListedFile', () => {
  it('reads the file listed, exactly its listed bytes', async () => {
    const path = join(top, 'note.md')
    writeFileSync(path, '# Note\n\nThe wren sings.')
    expect(new TextDecoder().decode(await readListedFile(path, listed(path)))).toBe(
      '# Note\n\nThe wren sings.',
    )
  })

  it('reads nothing of a file that grew or shrank since it was listed', async () => {
    const path = join(top, 'growing.md')
    writeFileSync(path, '# Log\n')
    const file = listed(path)
    appendFileSync(path, 'x'.repeat(100_000))
    expect(await refusal(path, file)).toBeInstanceOf(FolderFileChangedError)
    // Its size as listed (the grown part read past it), another modified time aside: still refused.
    expect(await refusal(path, { ...listed(path), size: file.size })).toBeInstanceOf(FolderFileChangedError)
    writeFileSync(path, '#')
    expect(await refusal(path, { ...listed(path), size: 6 })).toBeInstanceOf(FolderFileChangedError)
  })

  it('never follows a link swapped in for the file, nor reads a pipe swapped in (and never waits on it)', async () => {
    const path = join(top, 'swapped.md')
    writeFileSync(path, 'x'.repeat(SECRET.length))
    const file = listed(path)
    symlinkSync(join(top, 'secret'), join(top, 'link'))
    renameSync(join(top, 'link'), path)
    expect(await refusal(path, file)).toBeInstanceOf(FolderFileChangedError)
    // Even listed as it is now (the secret's own device, inode and size): a link is never opened.
    expect(await refusal(path, listed(join(top, 'secret')))).toBeInstanceOf(FolderFileChangedError)
    rmSync(path)
    execFileSync('mkfifo', [path])
    const started = performance.now()
    expect(await refusal(path, file)).toBeInstanceOf(FolderFileChangedError)
    expect(performance.now() - started).toBeLessThan(scaledTimeout(1000))
  })

  it('refuses the listed file reached through a folder since swapped for a link out of the root', async () => {
    const root = join(top, 'root')
    mkdirSync(join(root, 'sub'), { recursive: true })
    writeFileSync(join(root, 'sub', 'note.md'), '# Moved out')
    const file = listed(join(root, 'sub', 'note.md'))
    // The same file (device, inode, size, time) now outside, the folder a link to where it went.
    renameSync(join(root, 'sub'), join(top, 'away'))
    symlinkSync(join(top, 'away'), join(root, 'sub'))
    expect(await refusal(join(root, 'sub', 'note.md'), file)).toBeInstanceOf(FolderFileChangedError)
  })
})

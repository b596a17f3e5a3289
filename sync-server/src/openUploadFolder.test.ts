import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openUploadFolder } from './openUploadFolder'

describe('openUploadFolder', () => {
  const roots: string[] = []
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
  })

  it('removes the folders of servers no longer running, and keeps the others', async () => {
    const root = mkdtempSync(join(tmpdir(), 'quire-upload-root-'))
    roots.push(root)
    // A pid that ran and ended: a server killed with its folder left behind.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    }).stdout
    const folder = (name: string) => {
      mkdirSync(join(root, name))
      writeFileSync(join(root, name, 'part'), 'half an upload')
      return join(root, name)
    }
    const stale = folder(`quire-uploads-${dead}-abc123`)
    const live = folder(`quire-uploads-${process.ppid}-def456`) // the test runner's parent: running
    const legacy = folder('quire-uploads-Xy12Zq')
    const other = folder('someone-else-123-x')

    const mine = await openUploadFolder(root)
    expect(existsSync(stale)).toBe(false)
    for (const kept of [live, legacy, other]) expect(existsSync(kept), kept).toBe(true)
    expect(dirname(mine)).toBe(root)
    expect(basename(mine)).toMatch(new RegExp(`^quire-uploads-${process.pid}-`))
    expect(existsSync(mine)).toBe(true)
  })
})

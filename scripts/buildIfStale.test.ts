import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { whyBuild } from './buildIfStale'

describe('whyBuild (npm start builds only when the built app is older than its sources)', () => {
  const roots: string[] = []
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
  })

  /** A checkout whose files were last changed at the given seconds. */
  function checkout(files: Record<string, number>): string {
    const root = mkdtempSync(join(tmpdir(), 'quire-build-'))
    roots.push(root)
    for (const [path, seconds] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), path)
      utimesSync(join(root, path), seconds, seconds)
    }
    return root
  }

  const built = { 'dist/index.html': 2000, 'dist-plugins/catalog.json': 2001 }

  it('does not build when both outputs are newer than every source', async () => {
    const root = checkout({
      'web/app/main.tsx': 1000,
      'index.html': 1000,
      'package-lock.json': 900,
      ...built,
    })
    expect(await whyBuild(root)).toBeUndefined()
  })

  it('builds when a source deep in web/ or a plugin changed after the build', async () => {
    expect(await whyBuild(checkout({ 'web/app/pages/Chat.tsx': 2500, ...built }))).toBe(
      'web/app/pages/Chat.tsx is newer than dist/index.html',
    )
    expect(await whyBuild(checkout({ 'plugins/QuireNotes/src/Notes.tsx': 2000.5, ...built }))).toBe(
      'plugins/QuireNotes/src/Notes.tsx is newer than dist/index.html',
    )
  })

  it('builds when either output is missing', async () => {
    expect(await whyBuild(checkout({ 'web/a.ts': 1, 'dist/index.html': 2 }))).toBe(
      'dist-plugins/catalog.json is missing',
    )
    expect(await whyBuild(checkout({ 'web/a.ts': 1 }))).toBe('dist/index.html is missing')
  })

  it('ignores node_modules inside the sources', async () => {
    expect(await whyBuild(checkout({ 'plugins/x/node_modules/y/index.js': 9000, ...built }))).toBeUndefined()
  })
})

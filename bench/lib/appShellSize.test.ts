import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { appShellSize } from './appShellSize'

describe('appShellSize', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-shell-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('counts the entry script and its module preloads, not lazy chunks', () => {
    mkdirSync(join(dir, 'assets'))
    const entry = 'console.log("entry");'.repeat(50)
    const vendor = 'export const x = 1;'.repeat(80)
    writeFileSync(join(dir, 'assets', 'index-a.js'), entry)
    writeFileSync(join(dir, 'assets', 'vendor-b.js'), vendor)
    writeFileSync(join(dir, 'assets', 'lazy-c.js'), 'x'.repeat(100_000))
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><script type="module" crossorigin src="/assets/index-a.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/vendor-b.js">',
    )
    const size = appShellSize(dir)
    expect(size.files).toEqual(['/assets/index-a.js', '/assets/vendor-b.js'])
    expect(size.raw_bytes).toBe(entry.length + vendor.length)
    expect(size.gzip_bytes).toBe(gzipSync(entry, { level: 9 }).length + gzipSync(vendor, { level: 9 }).length)
  })

  it('says to build first when there is no index.html', () => {
    expect(() => appShellSize(join(dir, 'nothing'))).toThrow(/npm run build/)
  })
})

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { watchFolders } from './watchFolders'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

let dir: string | undefined
let stop: (() => void) | undefined
afterEach(async () => {
  stop?.()
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = stop = undefined
})

describe('watchFolders', () => {
  it('checks a followed folder once after a burst of changes, subfolders included, and stops with it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-watch-'))
    await mkdir(join(dir, 'deep', 'er'), { recursive: true })
    const changed = vi.fn()
    stop = watchFolders({
      followed: async () => [{ collectionId: 'c1', path: dir! }],
      changed,
      logError: (error) => {
        throw error
      },
      debounceMs: 300,
      refreshMs: 60_000,
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    for (let i = 0; i < 5; i++) await writeFile(join(dir, 'deep', 'er', `note-${i}.md`), `# Note ${i}`)
    await vi.waitFor(() => expect(changed).toHaveBeenCalledWith('c1'), { timeout: scaledTimeout(3000) })
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(changed).toHaveBeenCalledTimes(1)
    stop()
    await writeFile(join(dir, 'after.md'), '# After')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(changed).toHaveBeenCalledTimes(1)
  })

  it('stops watching a folder no longer followed, and skips one that is missing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-watch-'))
    let followed = [
      { collectionId: 'c1', path: dir },
      { collectionId: 'c2', path: join(dir, 'unplugged') },
    ]
    const changed = vi.fn()
    stop = watchFolders({
      followed: async () => followed,
      changed,
      logError: (error) => {
        throw error
      },
      debounceMs: 50,
      refreshMs: 100,
    })
    await new Promise((resolve) => setTimeout(resolve, 150))
    followed = []
    await new Promise((resolve) => setTimeout(resolve, 250))
    await writeFile(join(dir, 'note.md'), '# Note')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(changed).not.toHaveBeenCalled()
  })

  it('paces a folder that never stops changing: checked now and then, one at a time, idle nine times its check', async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-watch-'))
    const checks: Array<{ start: number; end: number }> = []
    let running = 0
    let overlapped = false
    stop = watchFolders({
      followed: async () => [{ collectionId: 'c1', path: dir! }],
      changed: async () => {
        overlapped ||= running > 0
        running += 1
        const start = Date.now()
        await new Promise((resolve) => setTimeout(resolve, 100))
        checks.push({ start, end: Date.now() })
        running -= 1
      },
      logError: (error) => {
        throw error
      },
      debounceMs: 100,
      maxWaitMs: 300,
      minIntervalMs: 200,
    })
    await new Promise((resolve) => setTimeout(resolve, 150))
    const until = Date.now() + 3000
    for (let i = 0; Date.now() < until; i++) {
      await writeFile(join(dir, `note-${i % 10}.md`), `# Note ${i}`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    // Not starved by the endless changes (a pure debounce would never check), and never more often
    // than a 100 ms check and its 900 ms of rest allow.
    expect(checks.length).toBeGreaterThanOrEqual(2)
    expect(checks.length).toBeLessThanOrEqual(4)
    expect(overlapped).toBe(false)
    for (let i = 1; i < checks.length; i++) {
      expect(checks[i]!.start - checks[i - 1]!.end).toBeGreaterThanOrEqual(850)
    }
  })

  it('watches a subfolder made after it started, and no folder of more directories than it may watch', async () => {
    dir = await mkdtemp(join(tmpdir(), 'quire-watch-'))
    await mkdir(join(dir, 'big', 'a'), { recursive: true })
    await mkdir(join(dir, 'big', 'b'), { recursive: true })
    await mkdir(join(dir, 'small'))
    const changed = vi.fn()
    stop = watchFolders({
      followed: async () => [
        { collectionId: 'big', path: join(dir!, 'big') },
        { collectionId: 'small', path: join(dir!, 'small') },
      ],
      changed,
      logError: (error) => {
        throw error
      },
      debounceMs: 50,
      minIntervalMs: 50,
      maxDirectories: 2,
    })
    await new Promise((resolve) => setTimeout(resolve, 150))
    await mkdir(join(dir, 'small', 'new'))
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1), { timeout: scaledTimeout(3000) })
    await new Promise((resolve) => setTimeout(resolve, 200))
    await writeFile(join(dir, 'small', 'new', 'note.md'), '# Note')
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(2), { timeout: scaledTimeout(3000) })
    // Three directories where two may be watched: the timer's checks alone see its changes.
    await writeFile(join(dir, 'big', 'note.md'), '# Note')
    await writeFile(join(dir, 'big', 'a', 'note.md'), '# Note')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(changed.mock.calls.map(([id]) => id)).toEqual(['small', 'small'])
  })
})

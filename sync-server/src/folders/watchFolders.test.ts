import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { watchFolders } from './watchFolders'

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
    await vi.waitFor(() => expect(changed).toHaveBeenCalledWith('c1'), { timeout: 3000 })
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
})

import { describe, expect, it } from 'vitest'
import { createPersistentStorageAsk, LARGE_WRITE_BYTES, PERSIST_REFUSED } from './askPersistentStorage'

function fakeStorage(answers: { persisted: boolean; grant: boolean }) {
  const calls: string[] = []
  return {
    calls,
    port: {
      persisted: async () => {
        calls.push('persisted')
        return answers.persisted
      },
      persist: async () => {
        calls.push('persist')
        return answers.grant
      },
    },
  }
}

describe('askPersistentStorage', () => {
  it('asks before the first import, tells the person once when refused, and asks only once', async () => {
    const storage = fakeStorage({ persisted: false, grant: false })
    const said: string[] = []
    const ask = createPersistentStorageAsk(storage.port, (message) => said.push(message))
    await ask('upload', 1024)
    expect(storage.calls).toEqual([])
    await ask('import', 1024)
    expect(storage.calls).toEqual(['persisted', 'persist'])
    expect(said).toEqual([PERSIST_REFUSED])
    expect(PERSIST_REFUSED).toMatch(/may clear Quire’s data.*Export your data/)
    await ask('import', 1024)
    await ask('upload', LARGE_WRITE_BYTES + 1)
    expect(storage.calls).toEqual(['persisted', 'persist'])
    expect(said).toHaveLength(1)
  })

  it('asks before an upload of over 50 MB in all; says nothing when granted or already persistent', async () => {
    const granted = fakeStorage({ persisted: false, grant: true })
    const said: string[] = []
    const ask = createPersistentStorageAsk(granted.port, (message) => said.push(message))
    await ask('upload', LARGE_WRITE_BYTES)
    expect(granted.calls).toEqual([])
    await ask('upload', LARGE_WRITE_BYTES + 1)
    expect(granted.calls).toEqual(['persisted', 'persist'])

    const kept = fakeStorage({ persisted: true, grant: false })
    await createPersistentStorageAsk(kept.port, (message) => said.push(message))('import', 1)
    expect(kept.calls).toEqual(['persisted'])
    expect(said).toEqual([])
  })

  it('lets the write go ahead where the browser has no storage manager or cannot be asked', async () => {
    const said: string[] = []
    await createPersistentStorageAsk(undefined, (message) => said.push(message))('import', 1)
    const failing = { persisted: async () => false, persist: () => Promise.reject(new Error('denied')) }
    await createPersistentStorageAsk(failing, (message) => said.push(message))('import', 1)
    expect(said).toEqual([])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_USER_ID } from '../../web/core/api/createApiPorts'
import type { ManagedIndex } from '../../web/core/retrieve/snapshot/ManagedIndex'
import type { WarmUpShape } from '../../web/core/retrieve/snapshot/SearchIndexPort'
import { DOCUMENT_PROCESS } from '../src/spaces/workJobs'
import { createTestCollection } from './createTestCollection'
import { startTestServer } from './startTestServer'

type Server = Awaited<ReturnType<typeof startTestServer>>

const BIRDS = ['kittiwake', 'cormorant', 'guillemot', 'razorbill']

// The server's document jobs end a folder's processing as the browser's queue does: the person's search
// index is loaded while they run (not read whole at their first search) and warmed up after the last.
describe('a folder processed by document jobs', () => {
  let server: Server
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.stop())

  it('loads the search index as documents are processed, and warms it up once the last job has ended', async () => {
    const { runtime } = await server.spaces.get(LOCAL_USER_ID)
    const index = runtime.ports.index as ManagedIndex
    expect(index.isLoaded).toBe(false)
    // Each warm-up asked, with the person's document jobs active then: at most the one ending (it may have
    // been recorded ended by then), none waiting. Its shapes are read here, whether it runs or not.
    const warmUps: Array<{ shapes: Promise<readonly WarmUpShape[]>; active: Promise<string[]> }> = []
    const warmUp = index.warmUp.bind(index)
    index.warmUp = (asked = []) => {
      const shapes = typeof asked === 'function' ? asked() : Promise.resolve(asked)
      const now = Date.now()
      // Jobs uploaded after this call may be in the list read: they are not counted.
      const active = server.jobs
        .active(LOCAL_USER_ID, DOCUMENT_PROCESS)
        .then((jobs) => jobs.filter((job) => Date.parse(job.created_at) < now).map((job) => job.status))
      warmUps.push({ shapes, active })
      warmUp(() => shapes)
    }

    const harbour = await createTestCollection(server.url, 'Harbour', 'Logs')
    const cliffs = await createTestCollection(server.url, 'Cliffs', 'Notes')
    const ids: string[] = []
    for (const [n, bird] of BIRDS.entries()) {
      const form = new FormData()
      form.set('collection_id', n % 2 === 0 ? harbour : cliffs)
      form.set(
        'file',
        new Blob([`# ${bird}\n\nThe ${bird} nests on the cliff.`], { type: 'text/markdown' }),
        `${bird}.md`,
      )
      const answer = await fetch(`${server.url}/api/documents/`, { method: 'POST', body: form })
      expect(answer.status).toBe(201)
      ids.push(((await answer.json()) as { id: string }).id)
    }
    await server.idle()
    expect(await runtime.ports.store.documents.listDocuments({ statuses: ['completed'] })).toHaveLength(4)

    // Loaded by the jobs: no search has asked for it.
    expect(index.isLoaded).toBe(true)
    expect(warmUps.length).toBeGreaterThanOrEqual(1)
    for (const { active } of warmUps) expect(['', 'running']).toContain((await active).join())
    // The last one has every document's profile, for all collections and for each.
    const last = await warmUps.at(-1)!.shapes
    const profiled = (shape: WarmUpShape) => shape.documentProfiles?.map((p) => p.documentId).sort()
    expect(last.map((shape) => shape.collectionIds?.join() ?? 'all').sort()).toEqual(
      [harbour, cliffs, 'all'].sort(),
    )
    expect(profiled(last.find((shape) => !shape.collectionIds)!)).toEqual([...ids].sort())
    expect(profiled(last.find((shape) => shape.collectionIds?.[0] === harbour)!)).toEqual(
      [ids[0]!, ids[2]!].sort(),
    )

    // A search finds what was processed, with the index already loaded.
    const search = await fetch(`${server.url}/api/search_u/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'razorbill nests', collection_id: cliffs }),
    })
    expect(search.status).toBe(200)
    const { chunks } = (await search.json()) as { chunks: Array<{ document_id: string }> }
    expect(chunks[0]?.document_id).toBe(ids[3])
  })
})

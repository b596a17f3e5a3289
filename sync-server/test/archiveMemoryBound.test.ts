import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { zipArchive } from '../../web/core/archive/zipArchive'
import { seededRandom } from '../../web/core/testing/seededRandom'
import { startTestServer } from './startTestServer'

type Server = Awaited<ReturnType<typeof startTestServer>>
const MB = 1024 * 1024

/** Text of a few words repeated at random: it deflates about tenfold, well under the bomb ratio. */
function wordyText(bytes: number): Uint8Array {
  const words = ['harbour', 'keeper', 'ledger', 'dawn', 'gull', 'tide', 'rope', 'lamp']
  const random = seededRandom(41)
  const parts: string[] = []
  for (let length = 0; length < bytes;) {
    const word = words[Math.floor(random() * words.length)]!
    parts.push(word)
    length += word.length + 1
  }
  return new TextEncoder().encode(parts.join(' '))
}

// An import is read an entry at a time and holds one entry at a time: one entry is bounded by the
// server's upload limit (four times it), so an archive within the upload limit cannot make the server
// hold gigabytes in one entry, even one whose compression ratio passes the bomb check.
describe('an import bounded in memory', () => {
  let server: Server
  beforeAll(async () => {
    server = await startTestServer({ config: { maxUploadBytes: MB } })
  })
  afterAll(() => server?.stop())

  it('refuses an archive with an entry that unpacks to more than four times the upload limit, saying what to do', async () => {
    async function* entries() {
      yield { path: 'settings.json', bytes: wordyText(5 * MB) }
    }
    const stream = zipArchive(entries(), {
      created_at: new Date().toISOString(),
      scope: { collection_id: null, include_chats: false },
    })
    const zip = new Uint8Array(await new Response(stream).arrayBuffer())
    expect(zip.length).toBeLessThan(MB)
    const form = new FormData()
    form.set('file', new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), 'big.zip')
    const answer = await fetch(`${server.url}/api/v1/import`, { method: 'POST', body: form })
    expect(answer.status).toBe(400)
    expect(((await answer.json()) as { detail: string }).detail).toMatch(
      /one of its entries unpacks to more than 4 MB.*one at a time.*nothing was imported/,
    )
    const jobs = await fetch(`${server.url}/api/v1/jobs?job_type=data_import`)
    expect(((await jobs.json()) as { total_items: number }).total_items).toBe(0)
  })
})

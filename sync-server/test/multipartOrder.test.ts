import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from './startTestServer'

describe('multipart uploads keep the order the client sent', () => {
  let quire: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    quire = await startTestServer()
  })
  afterAll(() => quire?.stop())

  it('lists a large file sent first before a small one sent after it', async () => {
    // The small file finishes writing first; formidable alone would list it first.
    const large = `# Large\n\n${'A paragraph about tides and the northern jetty. '.repeat(60_000)}\n`
    const form = new FormData()
    form.append('files', new Blob([large], { type: 'text/markdown' }), 'large.md')
    form.append('files', new Blob(['# Small\n\nOne short note.\n'], { type: 'text/markdown' }), 'small.md')
    form.append('files', new Blob(['# Middle\n\nAnother note.\n'], { type: 'text/markdown' }), 'middle.md')
    const response = await fetch(`${quire.url}/api/v1/documents/process-multiple`, {
      method: 'POST',
      body: form,
    })
    expect(response.status).toBe(200)
    const { results } = (await response.json()) as { results: Array<{ filename: string }> }
    expect(results.map((result) => result.filename)).toEqual(['large.md', 'small.md', 'middle.md'])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestCollection } from './createTestCollection'
import { startTestServer } from './startTestServer'

// Issue 39 item 7: document downloads had no `Content-Security-Policy: sandbox` (plugin files did).

describe('a document download', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.stop())

  it('is a sandbox with nothing allowed, an attachment, never sniffed', async () => {
    const collection = await createTestCollection(server.url, 'c', 'd')
    const form = new FormData()
    form.append('collection_id', collection)
    const page = '<html><body><script>alert(document.domain)</script><p>Text</p></body></html>'
    form.append('file', new Blob([page], { type: 'text/html' }), 'page.html')
    const upload = await fetch(`${server.url}/api/documents/`, { method: 'POST', body: form })
    expect(upload.status).toBeLessThan(300)
    const { id } = (await upload.json()) as { id: string }
    const download = await fetch(`${server.url}/api/documents/${id}/file`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'")
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(download.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await download.text()).toBe(page)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_TEXT_BYTES } from '../../web/core/api/extraction/textContext'
import { startTestServer } from './startTestServer'

const PATH = '/api/v1/documents/process-text-context'

/** `process-text-context`'s `text` as scripts send it: a multipart form, or urlencoded (requests' `data=`). */
describe('process-text-context text fields on the server', () => {
  let quire: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    quire = await startTestServer()
  })
  afterAll(() => quire?.stop())

  const multipart = (text: string) => {
    const form = new FormData()
    form.append('text', text)
    form.append('format', 'markdown')
    return fetch(`${quire.url}${PATH}`, { method: 'POST', body: form })
  }
  const urlencoded = (text: string) =>
    fetch(`${quire.url}${PATH}`, { method: 'POST', body: new URLSearchParams({ text, format: 'markdown' }) })

  it('takes a text up to the limit the schema states, either way', async () => {
    // Past formidable's 1 MiB of fields and koa-body's 56 KB of urlencoded form, the old limits here.
    const text = `# Long notes\n\n${'The tide turned at noon and the boats came in. '.repeat(60_000)}`
    expect(text.length).toBeGreaterThan(2 * 1024 * 1024)
    for (const send of [multipart, urlencoded]) {
      const response = await send(text)
      expect(response.status, await response.clone().text()).toBe(200)
      expect(((await response.json()) as { total_input_chars: number }).total_input_chars).toBeGreaterThan(
        2_000_000,
      )
    }
  })

  it('answers 413 naming the form fields past it, not the upload limit', async () => {
    const text = 'x'.repeat(MAX_TEXT_BYTES + 128 * 1024)
    for (const send of [multipart, urlencoded]) {
      const response = await send(text)
      expect(response.status).toBe(413)
      expect(((await response.json()) as { detail: string }).detail).toMatch(
        /text fields are larger than 5 MB together; send a long text as a file/,
      )
    }
  })
})

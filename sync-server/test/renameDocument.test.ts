import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestCollection } from './createTestCollection'
import { startTestServer } from './startTestServer'

type Server = Awaited<ReturnType<typeof startTestServer>>

// PATCH /api/documents/:id renames a document (Quire's addition: the document API has no update). The
// server and the browser's API worker serve the same route from web/core.
describe('renaming a document', () => {
  let quire: Server
  let documentId: string
  const errors: unknown[] = []
  beforeAll(async () => {
    quire = await startTestServer({ errors })
    const collectionId = await createTestCollection(quire.url, 'Rename', 'documents to rename')
    const form = new FormData()
    form.append('collection_id', collectionId)
    form.append('file', new Blob(['# Notes\n\nA line.'], { type: 'text/markdown' }), 'draft.md')
    const response = await fetch(`${quire.url}/api/documents/`, { method: 'POST', body: form })
    expect(response.status).toBe(201)
    documentId = ((await response.json()) as { id: string }).id
  })
  afterAll(() => quire?.stop())

  const rename = (id: string, body: string) =>
    fetch(`${quire.url}/api/documents/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body,
    })

  it('sets the name people see, and the download gives it', async () => {
    const response = await rename(documentId, JSON.stringify({ original_filename: '  Harbour notes.md ' }))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ id: documentId, original_filename: 'Harbour notes.md' })
    const stored = (await (await fetch(`${quire.url}/api/documents/${documentId}`)).json()) as Record<
      string,
      unknown
    >
    expect(stored.original_filename).toBe('Harbour notes.md')
    expect(stored.document_type).toBe('markdown')
    const file = await fetch(`${quire.url}/api/documents/${documentId}/file`)
    expect(await file.text()).toBe('# Notes\n\nA line.')
    expect(file.headers.get('content-disposition')).toContain('filename="Harbour notes.md"')
  })

  const bad: Array<[string, string]> = [
    ['an empty name', JSON.stringify({ original_filename: '' })],
    ['a name of spaces', JSON.stringify({ original_filename: '   ' })],
    ['a path', JSON.stringify({ original_filename: '../etc/passwd' })],
    ['a backslash', JSON.stringify({ original_filename: 'a\\b.md' })],
    ['a line break', JSON.stringify({ original_filename: 'a\nb.md' })],
    ['a name too long', JSON.stringify({ original_filename: `${'x'.repeat(256)}.md` })],
    ['no name', JSON.stringify({})],
    ['a number', JSON.stringify({ original_filename: 7 })],
    ['not JSON', '{"original_filename":'],
  ]
  for (const [what, body] of bad) {
    it(`answers 400 for ${what}, and keeps the name`, async () => {
      const response = await rename(documentId, body)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { detail: unknown }).detail).toBeTruthy()
      const stored = (await (await fetch(`${quire.url}/api/documents/${documentId}`)).json()) as {
        original_filename: string
      }
      expect(stored.original_filename).toBe('Harbour notes.md')
    })
  }

  // As on the other document routes (notFoundDetail), an id that is not one is a document not found.
  it('answers 404 for a document that does not exist, and for an id that is not one', async () => {
    const body = JSON.stringify({ original_filename: 'x.md' })
    expect((await rename('00000000-0000-4000-8000-000000000000', body)).status).toBe(404)
    expect((await rename('not-an-id', body)).status).toBe(404)
  })

  it('logged no server error on the way', () => {
    expect(errors).toEqual([])
  })
})

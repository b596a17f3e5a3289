import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentRecord } from '../../web/core/store/DocumentRecord'
import { startTestServer } from './startTestServer'
import { createTestCollection } from './createTestCollection'
import { searchTestCollection } from './searchTestCollection'

// MAX_DOCUMENT_CHARS and MAX_DOCUMENT_CHUNKS on the real server over HTTP, set low so small generated
// files cross them: a document past either ends `failed` with a clear error, one at the limit completes.
const MAX_CHARS = 2_000
const MAX_CHUNKS = 5

/** Exactly `length` characters of words, with no leading or trailing space. */
function prose(length: number, seed = 0): string {
  const words = ['river', 'lantern', 'orchard', 'granite', 'meadow', 'harbour', 'copper', 'willow']
  let text = ''
  for (let i = seed; text.length < length; i++) text += `${text ? ' ' : ''}${words[i % words.length]}`
  return text.slice(0, length).trimEnd().padEnd(length, 'x')
}

/** Paragraphs of 100 characters whose texts add up to `total` (the last one shorter). */
function paragraphs(total: number): string[] {
  const list: string[] = []
  for (let left = total, i = 0; left > 0; left -= 100, i++) list.push(prose(Math.min(100, left), i))
  return list
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
const docx = (texts: string[]) =>
  zipSync({
    'word/document.xml': strToU8(
      `<w:document ${W}><w:body>${texts.map((t) => `<w:p><w:r><w:t>${t}</w:t></w:r></w:p>`).join('')}</w:body></w:document>`,
    ),
  })

/** A file whose blocks' texts add up to `chars` characters, as each parser extracts them. */
const files: Record<string, (chars: number) => { name: string; bytes: Uint8Array }> = {
  text: (chars) => ({ name: 'notes.txt', bytes: strToU8(paragraphs(chars).join('\n\n')) }),
  markdown: (chars) => ({
    name: 'notes.md',
    // The heading's 6 characters count too.
    bytes: strToU8(`# Limits\n\n${paragraphs(chars - 6).join('\n\n')}\n`),
  }),
  html: (chars) => ({
    name: 'page.html',
    bytes: strToU8(
      `<!doctype html><html><head><title>Limits</title><script>var ignored = "${prose(5_000)}"</script></head>` +
        `<body><h1>Limits</h1>${paragraphs(chars - 6)
          .map((p) => `<p>${p}</p>`)
          .join('\n')}</body></html>`,
    ),
  }),
  docx: (chars) => ({ name: 'report.docx', bytes: docx(paragraphs(chars)) }),
}

/** `count` sections, each a heading and a short paragraph: `count` chunks. */
const sections = (count: number) =>
  strToU8(
    Array.from({ length: count }, (_, i) => `## Section ${i + 1}\n\nThe ${i + 1}. part of the notes.`).join(
      '\n\n',
    ),
  )

describe('document expansion limits on the server', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let collectionId: string
  let bomb: Uint8Array

  beforeAll(async () => {
    // Made before the server starts: deflating 70 MB holds this thread, the in-process server's too,
    // for seconds on a busy machine. Made inside the test, it held both past the server's keep-alive
    // timeout with a connection in the client's pool, and the upload then went out on a socket the
    // server was closing: ECONNRESET now and then.
    bomb = zipSync({ 'word/document.xml': new Uint8Array(70 * 1024 * 1024).fill(0x20) }, { level: 9 })
    server = await startTestServer({
      config: { ingestLimits: { maxChars: MAX_CHARS, maxChunks: MAX_CHUNKS } },
    })
    collectionId = await createTestCollection(server.url, 'Limits', 'Documents at and past the limits')
  })
  afterAll(() => server.stop())

  async function process(name: string, bytes: Uint8Array): Promise<DocumentRecord> {
    const form = new FormData()
    form.append('collection_id', collectionId)
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name)
    const upload = await fetch(`${server.url}/api/documents/`, { method: 'POST', body: form })
    expect(upload.status, await upload.clone().text()).toBe(201)
    const { id } = (await upload.json()) as { id: string }
    await server.idle()
    return (await (await fetch(`${server.url}/api/documents/${id}`)).json()) as DocumentRecord
  }

  for (const [kind, file] of Object.entries(files)) {
    it(`${kind}: one character past the limit ends failed with a clear error`, async () => {
      const { name, bytes } = file(MAX_CHARS + 1)
      const document = await process(name, bytes)
      expect(document.status).toBe('failed')
      expect(document.metadata.error_code).toBe('too_large')
      expect(document.metadata.error).toBe(
        'The document expands to more than 2,000 characters of text; the limit is 2,000 characters per document. Split it into smaller files.',
      )
      expect(document.chunk_count).toBe(0)
    })

    it(`${kind}: exactly at the limit completes`, async () => {
      const { name, bytes } = file(MAX_CHARS)
      const document = await process(name, bytes)
      expect(document.status, JSON.stringify(document.metadata)).toBe('completed')
      expect(document.chunk_count).toBeGreaterThan(0)
    })
  }

  it('a document cut into more chunks than the limit ends failed; one at the limit completes', async () => {
    const over = await process('sections.md', sections(MAX_CHUNKS + 1))
    expect(over.status).toBe('failed')
    expect(over.metadata.error_code).toBe('too_large')
    expect(over.metadata.error).toBe(
      'The document expands to more than 5 passages (chunks); the limit is 5 passages per document. Split it into smaller files.',
    )
    const at = await process('sections.md', sections(MAX_CHUNKS))
    expect(at.status, JSON.stringify(at.metadata)).toBe('completed')
    expect(at.chunk_count).toBe(MAX_CHUNKS)
  })

  it('a DOCX zip bomb (70 MB of XML in 70 KB) ends failed as too large, without being unpacked', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024)
    const document = await process('bomb.docx', bomb)
    expect(document.status).toBe('failed')
    expect(document.metadata.error_code).toBe('too_large')
    expect(document.metadata.error).toMatch(/too large to unpack: one of its parts is over 64 MB unpacked/)
  })

  it('a document past the limit leaves the other documents and their chunks alone', async () => {
    const kept = await process('kept.md', strToU8('# Kept\n\nThe orchard by the river stays searchable.'))
    await process('over.txt', files.text!(MAX_CHARS + 1).bytes)
    const chunks = await searchTestCollection(server.url, collectionId, 'Which orchard stays searchable?')
    expect(chunks.map((chunk) => chunk.document_id)).toContain(kept.id)
    expect(
      ((await (await fetch(`${server.url}/api/documents/${kept.id}`)).json()) as DocumentRecord).status,
    ).toBe('completed')
  })
})

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodePng } from '../../web/core/ingest/ocr/encodePng'
import type { DocumentRecord } from '../../web/core/store/DocumentRecord'
import { corpusDir } from '../../web/core/testing/corpusDir'
import { searchTestCollection } from './searchTestCollection'
import { startTestServer } from './startTestServer'
import { uploadTestDocument } from './uploadTestDocument'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../..', import.meta.url)))

/**
 * A scanned French page: accented text set in a serif at 300 dpi by sharp (libvips and Pango, with the
 * machine's fonts; sharp comes with @huggingface/transformers). Read as English, Tesseract drops most of
 * the accents (garcon, regu, Noel); with French it keeps them.
 */
async function frenchPage(): Promise<Uint8Array> {
  const text =
    'Les élèves étaient très fâchés après la fête.\nLe garçon a reçu un cadeau à Noël.\nÇà et là, on a déjà goûté la crème brûlée.'
  return sharp({
    text: { text: `<span foreground="black">${text}</span>`, font: 'serif 14', dpi: 300, rgba: true },
  })
    .flatten({ background: '#ffffff' })
    .extend({ top: 80, bottom: 80, left: 80, right: 80, background: '#ffffff' })
    .png()
    .toBuffer()
}

/**
 * A scan the size of an A4 page at 300 dpi (2480 x 3508 pixels, the bench's ordinary PNG): three lines
 * of text near the top of an otherwise white page, as a flatbed scanner saves a letter.
 */
async function a4Scan(): Promise<Uint8Array> {
  const text =
    'Harbour master report\nThe northern jetty was repaired in March.\nTides are logged every hour.'
  const lines = await sharp({
    text: { text: `<span foreground="black">${text}</span>`, font: 'serif 12', dpi: 300, rgba: true },
  })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer({ resolveWithObject: true })
  return sharp(lines.data)
    .extend({
      top: 300,
      left: 300,
      bottom: 3508 - 300 - lines.info.height,
      right: 2480 - 300 - lines.info.width,
      background: '#ffffff',
    })
    .png()
    .toBuffer()
}

/**
 * OCR on the server, over real HTTP, with tesseract.js and its English data from node_modules (no
 * network): the corpus's scanned book page (a PDF with no text layer, drawn by pdf.js on @napi-rs/canvas
 * in the ingest worker thread), the corpus's 300 dpi scan of a
 * product sheet uploaded as the PNG it really is, and a blank image. Each ends as a person would see it.
 */
describe('OCR on the server', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let collectionId: string
  const documents = new Map<string, DocumentRecord>()

  const upload = (name: string, bytes: Uint8Array) =>
    uploadTestDocument(server.url, collectionId, name, bytes)
  const read = async (id: string) =>
    (await (await fetch(`${server.url}/api/documents/${id}`)).json()) as DocumentRecord
  const search = (query: string) => searchTestCollection(server.url, collectionId, query)

  beforeAll(async () => {
    // A full-page 300 dpi scan takes tens of seconds of OCR on a busy machine.
    server = await startTestServer({ config: { ingestTimeoutMs: 600_000 } })
    const created = await fetch(`${server.url}/api/collections/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Scans', description: 'Scanned pages and images' }),
    })
    collectionId = ((await created.json()) as { id: string }).id
    const blank = encodePng({
      width: 400,
      height: 300,
      channels: 1,
      data: new Uint8Array(400 * 300).fill(255),
    })
    documents.set(
      'scan.pdf',
      await upload('c02-22.pdf', readFileSync(join(corpus, 'pdf/ocrmypdf__c02-22.pdf'))),
    )
    documents.set(
      'sheet.png',
      await upload('linn.png', readFileSync(join(corpus, 'adversarial/ocrmypdf__linn_png_renamed.pdf'))),
    )
    documents.set('blank.png', await upload('blank.png', blank))
    documents.set('a4.png', await upload('letter.png', await a4Scan()))
    documents.set('text.pdf', await upload('dmca.pdf', readFileSync(join(corpus, 'pdf/pdfminer__dmca.pdf'))))
    const french = await frenchPage()
    documents.set('french-eng.png', await upload('lettre-eng.png', french))
    await server.idle()
    // The language is read when a document is processed: documents from now on are read with French too.
    const chosen = await fetch(`${server.url}/api/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ocr_languages: ['eng', 'fra'] }),
    })
    expect(chosen.status).toBe(200)
    documents.set('french-fra.png', await upload('lettre-fra.png', french))
    await server.idle()
  }, scaledTimeout(900_000))
  afterAll(() => server?.stop())

  it('reads a scanned PDF page with no text layer, marks it OCR, and finds its words', async () => {
    const document = await read(documents.get('scan.pdf')!.id)
    expect(document.status, JSON.stringify(document.metadata)).toBe('completed')
    expect(document.metadata.pages).toBe(1)
    expect(document.metadata.ocr_pages).toEqual([1])
    expect(document.metadata.ocr_confidence).toBeGreaterThan(50)
    const chunks = await search('tip-toeing along a path to the widow’s garden')
    expect(chunks[0]?.document_id).toBe(document.id)
    expect(chunks.map((chunk) => chunk.content).join(' ')).toMatch(/widow.s garden/)
    // The page's end, below the engraving, is read too (the page is drawn at 300 dpi for OCR).
    const end = await search('I dasn’t scratch it, then my ear begun to itch, at a funeral')
    expect(end[0]?.document_id).toBe(document.id)
    expect(end.map((chunk) => chunk.content).join(' ')).toMatch(/scratch it/)
    expect(end.map((chunk) => chunk.content).join(' ')).toMatch(/funeral/)
    // Each passage says it was read by OCR, with its page's confidence (0..1).
    const confidence = chunks[0]?.metadata.ocr?.confidence
    expect(confidence).toBeGreaterThan(0.5)
    expect(confidence).toBeLessThanOrEqual(1)
    expect(confidence).toBe(Number(document.metadata.ocr_confidence) / 100)
  })

  it('cites a scanned passage in chat with its OCR confidence', async () => {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(response.status).toBeLessThan(300)
      return (await response.json()) as Record<string, unknown>
    }
    const session = await post('/api/chat/sessions', { name: 'Scans', collection_id: collectionId })
    const reply = (await post('/api/chat/message', {
      session_id: session.id,
      message: 'Who was tip-toeing along a path to the widow’s garden?',
    })) as { metadata: { source_documents: { document_id: string; ocr?: { confidence: number } }[] } }
    const scan = documents.get('scan.pdf')!.id
    const cited = reply.metadata.source_documents.find((source) => source.document_id === scan)
    expect(cited?.ocr?.confidence).toBeGreaterThan(0.5)
  })

  it('marks no passage of a PDF with a text layer as read by OCR', async () => {
    const document = await read(documents.get('text.pdf')!.id)
    expect(document.status, JSON.stringify(document.metadata)).toBe('completed')
    expect(document.metadata.ocr_pages).toBeUndefined()
    const chunks = (await search('Digital Millennium Copyright Act')).filter(
      (chunk) => chunk.document_id === document.id,
    )
    expect(chunks.length).toBeGreaterThan(0)
    expect(chunks.every((chunk) => !('ocr' in chunk.metadata))).toBe(true)
  })

  it('reads a PNG scan of a page and finds its words', async () => {
    const document = await read(documents.get('sheet.png')!.id)
    expect(document.status, JSON.stringify(document.metadata)).toBe('completed')
    expect(document.metadata.ocr_pages).toEqual([1])
    const chunks = await search('LinnSequencer MIDI sequence recorder tracks')
    expect(chunks[0]?.document_id).toBe(document.id)
    expect(chunks.map((chunk) => chunk.content).join(' ')).toMatch(/LinnSequencer/)
    expect(chunks.map((chunk) => chunk.content).join(' ')).toMatch(/polyphonic/)
    expect(chunks[0]?.metadata.ocr?.confidence).toBeGreaterThan(0.5)
  })

  it('reads a French page with its accents once French is among the OCR languages', async () => {
    const english = await read(documents.get('french-eng.png')!.id)
    const french = await read(documents.get('french-fra.png')!.id)
    expect(english.status, JSON.stringify(english.metadata)).toBe('completed')
    expect(french.status, JSON.stringify(french.metadata)).toBe('completed')
    const chunks = await search('le garçon a reçu un cadeau à Noël')
    const textOf = (id: string) =>
      chunks
        .filter((chunk) => chunk.document_id === id)
        .map((chunk) => chunk.content)
        .join(' ')
    expect(chunks[0]?.document_id).toBe(french.id)
    expect(textOf(french.id)).toMatch(/garçon a reçu un cadeau/)
    expect(textOf(french.id)).toMatch(/Noël/)
    expect(textOf(french.id)).toMatch(/crème brûlée/)
    // Read as English, the same page loses its accents.
    expect(textOf(english.id)).toMatch(/cadeau/)
    expect(textOf(english.id)).not.toMatch(/reçu|Noël|brûlée/)
  })

  it('reads a scan-sized PNG (2480 x 3508, A4 at 300 dpi) and finds its words', async () => {
    const document = await read(documents.get('a4.png')!.id)
    expect(document.status, JSON.stringify(document.metadata)).toBe('completed')
    expect(document.metadata.ocr_pages).toEqual([1])
    const chunks = await search('When was the northern jetty repaired?')
    expect(chunks[0]?.document_id).toBe(document.id)
    expect(chunks[0]?.content).toMatch(/northern jetty was repaired in March/)
  })

  it('fails an image with no text, saying so', async () => {
    const document = await read(documents.get('blank.png')!.id)
    expect(document.status).toBe('failed')
    expect(document.metadata.error_code).toBe('no_text')
    expect(document.metadata.error).toBe('No text found in the image.')
  })

  it('lists the image types as supported', async () => {
    const response = await fetch(`${server.url}/api/v1/documents/supported-types`)
    const body = (await response.json()) as { supported_types: Record<string, string>; extensions: string[] }
    expect(body.supported_types['image/png']).toBe('png')
    expect(body.supported_types['image/tiff']).toBe('tiff')
    expect(body.extensions).toEqual(expect.arrayContaining(['png', 'jpg', 'jpeg', 'webp', 'tif', 'tiff']))
  })
})

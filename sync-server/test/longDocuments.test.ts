import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentRecord } from '../../web/core/store/DocumentRecord'
import { corpusDir } from '../../web/core/testing/corpusDir'
import { textAndScanPdf } from '../../web/core/testing/node/textAndScanPdf'
import { writePdf } from '../../web/core/testing/writePdf'
import { createTestCollection } from './createTestCollection'
import { searchTestCollection } from './searchTestCollection'
import { startTestServer } from './startTestServer'
import { uploadTestDocument } from './uploadTestDocument'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

type Server = Awaited<ReturnType<typeof startTestServer>>

const corpus = corpusDir(process.env, fileURLToPath(new URL('../..', import.meta.url)))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The corpus's longest PDF: a 549-page annual report with a text layer. */
const LONG_PDF = 'qa/financebench-dev/pdfs/PEPSICO_2021_10K.pdf'

const read = async (server: Server, id: string) =>
  (await (await fetch(`${server.url}/api/documents/${id}`)).json()) as DocumentRecord

// A document is searchable from its text layer as soon as that is read; its scanned pages are read by OCR
// after (real tesseract.js in the server's ingest worker), their passages added as they come, with
// progress by page in the document's JSON. Real server, real HTTP, SQLite.
describe('a PDF with text pages and scanned pages', () => {
  let server: Server
  let collectionId: string
  beforeAll(async () => {
    server = await startTestServer({ config: { ingestTimeoutMs: 300_000 } })
    collectionId = await createTestCollection(server.url, 'Harbour', 'Log book with scanned plates')
  })
  afterAll(() => server?.stop())

  it(
    'is searchable before its scanned pages are read, and their passages arrive after',
    { timeout: scaledTimeout(120_000) },
    async () => {
      const pdf = await textAndScanPdf([
        { text: 'The lighthouse keeper logged the northern storm.' },
        { scan: ['Pilots guide tankers through the narrows.'] },
        { text: 'The ferry to the island left at noon.' },
        { scan: ['Customs officers weighed the cargo.'] },
        { scan: ['Quarantine flags fly above the pier.'] },
      ])
      const document = await uploadTestDocument(server.url, collectionId, 'logbook.pdf', pdf)
      const seen: DocumentRecord[] = []
      let early: { text: boolean; lastScan: boolean } | undefined
      const deadline = Date.now() + 240_000
      for (;;) {
        const now = await read(server, document.id)
        seen.push(now)
        if (!early && now.status === 'completed' && now.progress) {
          // Searchable now, while its scans wait: the text layer's words find it, the last scan's do not yet.
          const found = async (query: string) =>
            (await searchTestCollection(server.url, collectionId, query)).some(
              (chunk) => chunk.document_id === document.id,
            )
          early = {
            text: await found('lighthouse keeper northern storm'),
            lastScan: await found('quarantine flags'),
          }
        }
        if ((now.status === 'completed' && !now.progress) || now.status === 'failed') break
        expect(Date.now()).toBeLessThan(deadline)
        await sleep(40)
      }
      const last = seen.at(-1)!
      expect(last.status, JSON.stringify(last.metadata)).toBe('completed')
      expect(early).toEqual({ text: true, lastScan: false })
      const reading = seen.filter((state) => state.status === 'completed' && state.progress)
      expect(reading[0]?.progress).toMatchObject({ stage: 'ocr', pages_total: 3 })
      expect(reading[0]?.processed_at).not.toBeNull()
      // Progress by page, never backwards.
      const done = reading.map((state) => state.progress?.pages_done ?? -1)
      expect(done).toEqual([...done].sort((a, b) => a - b))
      expect(last.metadata.ocr_pages).toEqual([2, 4, 5])
      expect(last.metadata.ocr_error).toBeUndefined()
      const passages = (await searchTestCollection(server.url, collectionId, 'quarantine flags pier'))
        .filter((chunk) => chunk.document_id === document.id)
        .map((chunk) => chunk.content)
        .join(' ')
      expect(passages).toMatch(/Quarantine flags/)
    },
  )
})

/**
 * A full page of text: its OCR is one step of about 5 s here (two lines took 1.5 s, and under the 1-s limit
 * on a faster machine, where the document completed).
 */
const REPORT_LINES = Array.from(
  { length: 44 },
  (_, i) =>
    `Entry ${i + 1}: the northern jetty was inspected, its pilings measured and the tide log checked.`,
)

/** An A4 page scanned at 300 dpi with no text layer: reading it is one step of several seconds. */
async function a4ScanPdf(): Promise<Uint8Array> {
  const width = 2480
  const height = 3508
  const lines = await sharp({
    text: {
      text: `<span foreground="black">${REPORT_LINES.join('\n')}</span>`,
      font: 'serif 12',
      dpi: 300,
      rgba: true,
    },
  })
    .flatten({ background: '#ffffff' })
    .extend({ top: 300, left: 300, bottom: 0, right: 0, background: '#ffffff' })
    .resize(width, height, { fit: 'contain', position: 'left top', background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true })
  const point = 72 / 300
  return writePdf([
    {
      width: width * point,
      height: height * point,
      content: `q ${width * point} 0 0 ${height * point} 0 0 cm /Im0 Do Q`,
      images: {
        Im0: { width: lines.info.width, height: lines.info.height, data: new Uint8Array(lines.data) },
      },
    },
  ])
}

// INGEST_TIMEOUT_S limits a document that stops making progress, not one that takes long.
describe('the time limit on processing', () => {
  // The 549-page filing processed twice: about 20 s on a quiet machine, its budget scaled with the run's.
  it(
    'lets a long document that keeps reading pages take many times the limit',
    { timeout: scaledTimeout(180_000) },
    async () => {
      const long = readFileSync(join(corpus, LONG_PDF))
      const warmUp = writePdf([
        { width: 300, height: 200, content: 'BT /F1 12 Tf 20 100 Td (Warm up.) Tj ET' },
      ])
      /** Processes the long PDF under `limitMs`, its ingest worker warmed up first (pdf.js loaded). */
      const processLong = async (limitMs: number) => {
        const server = await startTestServer({ config: { ingestTimeoutMs: limitMs } })
        try {
          const collectionId = await createTestCollection(server.url, 'Reports', 'Annual reports')
          await uploadTestDocument(server.url, collectionId, 'note.pdf', warmUp)
          await server.idle()
          const started = Date.now()
          const document = await uploadTestDocument(server.url, collectionId, 'pepsico.pdf', long)
          await server.idle()
          return { done: await read(server, document.id), ms: Date.now() - started }
        } finally {
          await server.stop()
        }
      }
      // How long it takes on this machine now, then again under a quarter of that: a limit on total time
      // would stop it; one on progress does not, as it reads a page every few milliseconds.
      const first = await processLong(300_000)
      expect(first.done.status, JSON.stringify(first.done.metadata)).toBe('completed')
      const limitMs = Math.round(first.ms / 4)
      const second = await processLong(limitMs)
      expect(second.done.status, JSON.stringify(second.done.metadata)).toBe('completed')
      expect(second.done.metadata.pages).toBe(549)
      expect(second.ms).toBeGreaterThan(limitMs)
    },
  )

  it('stops a document that reads no page for the limit, saying so', async () => {
    const server = await startTestServer({ config: { ingestTimeoutMs: 1_000 } })
    try {
      const collectionId = await createTestCollection(server.url, 'Scans', 'A slow scan')
      const document = await uploadTestDocument(server.url, collectionId, 'scan.pdf', await a4ScanPdf())
      await server.idle()
      const done = await read(server, document.id)
      expect(done.status).toBe('failed')
      expect(done.metadata.error_code).toBe('timeout')
      expect(done.metadata.error).toMatch(/made no progress for 1 s/)
    } finally {
      await server.stop()
    }
  })
})

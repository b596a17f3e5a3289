import { afterAll, describe, expect, it } from 'vitest'
import { processDocument, type ProcessPorts } from '../../../web/core/documents/processDocument'
import type { Ingestor } from '../../../web/core/documents/Ingestor'
import type { Block, DocumentParser, ParsedDocument } from '../../../web/core/ingest/DocumentModel'
import { hashEmbedder } from '../../../web/core/ingest/embed/hashEmbedder'
import { ingestFile } from '../../../web/core/ingest/ingestFile'
import { SearchIndex } from '../../../web/core/retrieve/index/SearchIndex'
import { newCollection, newDocument } from '../../../web/core/testing/conformance/store/fixtures'
import type { ChunkRecord } from '../../../web/core/store/ChunkRecord'
import type { FileStore } from '../../../web/core/store/FileStore'
import { overridePort } from '../../../web/core/store/overridePort'
import type { Store } from '../../../web/core/store/Store'
import { openSqlStore } from '../../src/sql/openSqlStore'
import { SqlIndexSnapshots } from '../../src/sql/SqlIndexSnapshots'
import type { SqlStore } from '../../src/sql/SqlStore'
import { testSqlDialects } from '../postgres/testSqlDialects'

const words = (page: number, paragraph: number) =>
  Array.from({ length: 60 }, (_, i) => `w${page}x${paragraph}y${i % 7}`).join(' ')

/**
 * A paged document as the PDF parser hands one over: every text page first (the scanned ones left
 * out), then each scanned page as it is "read", then the whole. Three paragraphs a text page, a
 * section heading every ten pages, one paragraph a scan.
 */
function pagedParser(pages: number, scans: readonly number[], written: () => number): DocumentParser {
  const textBlocks = (page: number): Block[] => {
    const section = [`Part ${Math.ceil(page / 10)}`]
    const heading: Block[] =
      page % 10 === 1 ? [{ kind: 'heading', text: section[0]!, page, level: 1, headingPath: [] }] : []
    return [
      ...heading,
      ...[0, 1, 2].map((p): Block => ({
        kind: 'paragraph',
        text: words(page, p),
        page,
        headingPath: section,
      })),
    ]
  }
  const scanBlock = (page: number): Block => ({
    kind: 'paragraph',
    text: `Scanned plate ${page}: the harbour chart drawn by hand in ink.`,
    page,
    headingPath: [`Part ${Math.ceil(page / 10)}`],
  })
  const documentWith = (read: ReadonlySet<number>): ParsedDocument => {
    const blocks: Block[] = []
    for (let page = 1; page <= pages; page++) {
      if (!scans.includes(page)) blocks.push(...textBlocks(page))
      else if (read.has(page)) blocks.push(scanBlock(page))
    }
    const ocr = scans.filter((page) => read.has(page)).map((page) => ({ page, confidence: 88 }))
    return { blocks, pages, ...(ocr.length > 0 ? { ocr } : {}) }
  }
  return {
    kinds: ['text'],
    async parse(_bytes, options) {
      const read = new Set<number>()
      options.onPartial?.(documentWith(read), { done: 0, total: scans.length })
      for (const page of scans) {
        // As OCR takes its time: the last part handed over is stored before the next page is read (else
        // the pages read meanwhile are added together, one write for them all).
        while (written() < read.size + 1) await new Promise((resolve) => setTimeout(resolve, 5))
        read.add(page)
        options.onPartial?.(documentWith(read), { done: read.size, total: scans.length })
      }
      return documentWith(read)
    },
  }
}

interface Write {
  kind: 'replace' | 'add'
  rows: number
  /** Texts embedded before this write, since the write before it. */
  embedded: number
  ids: string[]
}

for (const dialect of testSqlDialects()) {
  describe(`adding a scanned page to a stored document, on ${dialect.name}`, () => {
    const stores: SqlStore[] = []
    afterAll(async () => {
      for (const store of stores) await store.close()
    })

    /** Processes a `pages`-page document whose pages `scans` are read after the rest, counting the work. */
    async function process(pages: number, scans: number[]) {
      const driver = (await dialect.fresh()).connect()
      const plain = await openSqlStore(driver)
      stores.push(plain)
      const collection = await plain.collections.createCollection(newCollection())
      const document = await plain.documents.createDocument(
        newDocument(collection.id, { original_filename: 'atlas.txt', file_path: 'files/atlas' }),
      )
      let embeddedTotal = 0
      let embeddedAtLastWrite = 0
      const writes: Write[] = []
      const write = (kind: Write['kind'], chunks: readonly ChunkRecord[]) => {
        const ids = chunks.map((chunk) => chunk.id)
        writes.push({ kind, rows: chunks.length, embedded: embeddedTotal - embeddedAtLastWrite, ids })
        embeddedAtLastWrite = embeddedTotal
      }
      const indexed: Array<{ kind: 'replace' | 'add'; chunks: number }> = []
      const store = overridePort<Store>(plain, {
        chunks: overridePort(plain.chunks, {
          async replaceChunks(id: string, chunks: readonly ChunkRecord[]) {
            write('replace', chunks)
            await plain.chunks.replaceChunks(id, chunks)
          },
          async addChunks(id: string, chunks: readonly ChunkRecord[]) {
            write('add', chunks)
            await plain.chunks.addChunks(id, chunks)
          },
        }),
      })
      const embedder = {
        ...hashEmbedder,
        async embed(texts: string[], signal?: AbortSignal) {
          embeddedTotal += texts.length
          return hashEmbedder.embed(texts, signal)
        },
      }
      const ingestor: Ingestor = {
        ingest: (request) =>
          ingestFile(
            request.bytes!,
            request.filename,
            {
              parsers: [pagedParser(pages, scans, () => writes.length)],
              embedder,
              clock: { now: () => Date.now() },
            },
            { onPartial: request.onPartial, onProgress: request.onProgress },
          ),
      }
      const index = new SearchIndex()
      const versions: string[] = []
      const snapshots = new SqlIndexSnapshots(driver, plain)
      const ports: ProcessPorts = {
        store,
        files: { get: async () => new TextEncoder().encode('an atlas') } as unknown as FileStore,
        ingestor,
        clock: { now: () => Date.now() },
        newId: () => crypto.randomUUID(),
        async onIndexed(_document, chunks) {
          indexed.push({ kind: 'replace', chunks: chunks.length })
          await index.replaceDocument(document.id, chunks)
        },
        async onChunksAdded(_document, chunks) {
          indexed.push({ kind: 'add', chunks: chunks.length })
          index.add(chunks)
          // The stored document's version moved with its added chunks (the index snapshot re-reads it).
          versions.push((await snapshots.documentVersions()).get(document.id)!)
        },
      }
      const done = await processDocument(document.id, ports)
      const stored = await plain.chunks.listChunks({ documentId: document.id })
      return { document, done, writes, indexed, index, stored, versions }
    }

    it('stores, embeds and indexes only that page, however long the document', async () => {
      const short = await process(20, [2, 10, 19])
      const long = await process(400, [2, 200, 399])
      for (const run of [short, long]) {
        expect(run.done?.status).toBe('completed')
        expect(run.done?.progress).toBeNull()
        expect(run.writes.map((each) => each.kind)).toEqual(['replace', 'add', 'add', 'add', 'replace'])
        expect(run.indexed.map((each) => each.kind)).toEqual(['replace', 'add', 'add', 'add', 'replace'])
        expect(new Set(run.versions).size).toBe(3)
      }
      // Each added page: one passage written, one embedded, one indexed, at 20 pages as at 400.
      const perPage = (run: typeof short) =>
        run.writes.filter((each) => each.kind === 'add').map(({ rows, embedded }) => ({ rows, embedded }))
      expect(perPage(short)).toEqual([
        { rows: 1, embedded: 1 },
        { rows: 1, embedded: 1 },
        { rows: 1, embedded: 1 },
      ])
      expect(perPage(long)).toEqual(perPage(short))
      expect(long.indexed.filter((each) => each.kind === 'add')).toEqual(
        short.indexed.filter((each) => each.kind === 'add'),
      )
      // The text layer, by contrast, is the document's size; read whole at the end, nothing is embedded again.
      expect(long.writes[0]!.rows).toBeGreaterThan(10 * short.writes[0]!.rows)
      expect(long.writes.at(-1)!.embedded).toBe(0)
    })

    it('ends with every passage in reading order, on its page, with the ids it had, and all of them searchable', async () => {
      const run = await process(40, [3, 21, 40])
      const { stored, document } = run
      expect(stored.map((chunk) => chunk.index)).toEqual(stored.map((_, i) => i))
      const pagesInOrder = stored.map((chunk) => chunk.page!)
      expect(pagesInOrder).toEqual([...pagesInOrder].sort((a, b) => a - b))
      for (const page of [3, 21, 40]) {
        const scan = stored.filter((chunk) => chunk.text.startsWith(`Scanned plate ${page}:`))
        expect(scan).toHaveLength(1)
        expect(scan[0]).toMatchObject({
          page,
          heading: `Part ${Math.ceil(page / 10)}`,
          ocr: { confidence: 0.88 },
        })
      }
      expect(run.done?.chunk_count).toBe(stored.length)
      expect(run.done?.metadata).toMatchObject({ pages: 40, ocr_pages: [3, 21, 40], ocr_confidence: 88 })
      // Every passage kept the id it was stored with while the scans were added: citations stay good.
      const before = run.writes.slice(0, -1).flatMap((each) => each.ids)
      expect(new Set(run.writes.at(-1)!.ids)).toEqual(new Set(before))
      expect(new Set(run.index.documentChunkIds(document.id))).toEqual(
        new Set(stored.map((chunk) => chunk.id)),
      )
      const found = await run.index.search({
        query: 'scanned plate 21 harbour chart',
        exactVectors: async () => [],
        limit: 3,
        mode: 'bm25',
        similarityThreshold: 0,
      })
      expect(found.results.map((result) => result.id)).toContain(
        stored.find((chunk) => chunk.text.startsWith('Scanned plate 21:'))!.id,
      )
    })
  })
}

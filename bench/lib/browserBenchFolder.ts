import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { corpusFile } from './corpusFile'

const PDFS = 'qa/financebench-dev/pdfs'

/**
 * The dev folder of `npm run bench -- browser`: eight annual reports (10-Ks, 12 MB) of the financebench-dev
 * filings, those that `answers/naturalQuestions.jsonl` asks the most about (28 of its questions; with its 15
 * about nothing in the folder, 43 questions typed as people type them). Smallest first, so that
 * `BENCH_BROWSER_REPORTS` takes the quickest to process.
 */
export const DEV_FOLDER = [
  'AMAZON_2017_10K',
  'MICROSOFT_2016_10K',
  'GENERALMILLS_2022_10K',
  'AMCOR_2023_10K',
  'BLOCK_2020_10K',
  'VERIZON_2021_10K',
  'AMD_2015_10K',
  'AMERICANWATERWORKS_2022_10K',
] as const

export interface FolderFile {
  name: string
  bytes: Uint8Array
}

export async function readDevFolder(): Promise<FolderFile[]> {
  return Promise.all(
    DEV_FOLDER.map(async (doc) => ({
      name: `${doc}.pdf`,
      bytes: new Uint8Array(await readFile(corpusFile(`${PDFS}/${doc}.pdf`))),
    })),
  )
}

interface ListedDocument {
  status: string
  chunk_count: number
  original_filename: string
  metadata?: { error?: string; pages?: number }
}

/** What processing a folder gave: ms from the first upload to every document ended, pages and passages. */
export interface FolderProcessed {
  ms: number
  pages: number
  passages: number
}

type Fetcher = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => Promise<{ status: number; text: string }>

/**
 * Creates a collection named `name` on a host and uploads `files` into it, then polls until every document
 * has ended; throws when one failed. `send` uploads one file (the host's multipart POST /api/documents/),
 * `call` makes a JSON request. Returns the collection's id and what processing took.
 */
export async function processFolder(
  call: Fetcher,
  send: (collectionId: string, file: FolderFile) => Promise<{ status: number; text: string }>,
  files: readonly FolderFile[],
  progress: (message: string) => void,
): Promise<{ collectionId: string; processed: FolderProcessed }> {
  const created = await call('POST', '/api/collections/', { name: 'Annual reports', description: 'bench' })
  if (created.status !== 201)
    throw new Error(`creating the collection answered ${created.status}: ${created.text}`)
  const collectionId = (JSON.parse(created.text) as { id: string }).id
  const started = performance.now()
  for (const file of files) {
    const sent = await send(collectionId, file)
    if (sent.status !== 201) throw new Error(`uploading ${file.name} answered ${sent.status}: ${sent.text}`)
  }
  for (;;) {
    const listed = await call('GET', `/api/documents/?collection_id=${collectionId}`)
    if (listed.status !== 200) throw new Error(`listing documents answered ${listed.status}`)
    const documents = JSON.parse(listed.text) as ListedDocument[]
    const done = documents.filter((document) => document.status !== 'processing')
    if (done.length === files.length) {
      const ms = performance.now() - started
      const failed = documents.find((document) => document.status !== 'completed')
      if (failed)
        throw new Error(`${failed.original_filename} ended ${failed.status}: ${failed.metadata?.error}`)
      return {
        collectionId,
        processed: {
          ms,
          pages: documents.reduce((sum, document) => sum + (document.metadata?.pages ?? 0), 0),
          passages: documents.reduce((sum, document) => sum + document.chunk_count, 0),
        },
      }
    }
    progress(`  ${done.length} of ${files.length} documents processed`)
    await new Promise((resolve) => setTimeout(resolve, 2000))
  }
}

/** `processFolder`'s two requests on the sync server, from this process. */
export function serverFetcher(baseUrl: string): {
  call: Fetcher
  send: (collectionId: string, file: FolderFile) => Promise<{ status: number; text: string }>
} {
  return {
    call: async (method, path, body) => {
      const response = await fetch(baseUrl + path, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      })
      return { status: response.status, text: await response.text() }
    },
    send: async (collectionId, file) => {
      const form = new FormData()
      form.append('collection_id', collectionId)
      form.append(
        'file',
        new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: mediaTypeOf(file.name) }),
        file.name,
      )
      const response = await fetch(`${baseUrl}/api/documents/`, { method: 'POST', body: form })
      return { status: response.status, text: await response.text() }
    },
  }
}

/** `processFolder`'s two requests from the page's own fetch: its in-browser API answers them. */
export function pageFetcher(page: Page): {
  call: Fetcher
  send: (collectionId: string, file: FolderFile) => Promise<{ status: number; text: string }>
} {
  return {
    call: (method, path, body) =>
      page.evaluate(
        async ({ method, path, body }) => {
          const response = await fetch(path, {
            method,
            ...(body === undefined
              ? {}
              : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
          })
          return { status: response.status, text: await response.text() }
        },
        { method, path, body },
      ),
    send: (collectionId, file) =>
      page.evaluate(
        async ({ collectionId, name, type, base64 }) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
          const form = new FormData()
          form.append('collection_id', collectionId)
          form.append('file', new Blob([bytes], { type }), name)
          const response = await fetch('/api/documents/', { method: 'POST', body: form })
          return { status: response.status, text: await response.text() }
        },
        {
          collectionId,
          name: file.name,
          type: mediaTypeOf(file.name),
          base64: Buffer.from(file.bytes).toString('base64'),
        },
      ),
  }
}

/** The type a folder file is sent as: the dev folder's PDFs, the large folder's plain text. */
function mediaTypeOf(name: string): string {
  return name.endsWith('.txt') ? 'text/plain' : 'application/pdf'
}

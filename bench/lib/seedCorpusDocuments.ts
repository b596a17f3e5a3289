import { readFile } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import { corpusFile } from './corpusFile'
import { corpusUploadFiles } from './corpusUploadFiles'
import type { QuireServer } from './startQuireServer'

/** A document the server processed, as its REST surface reports it. */
export interface SeededDocument {
  id: string
  collection_id: string
  original_filename: string
  file_size: number
  chunk_count: number
}

export interface SeededCorpus {
  documents: SeededDocument[]
  collections: number
  /** Bytes uploaded (the sum of the files' sizes, repeats included). */
  uploadBytes: number
  /** Ms from the first upload to the server being idle with every document processed. */
  ms: number
}

/**
 * Puts `count` processed documents into the account through the REST surface, as a script would:
 * one collection per pass over the corpus files (`POST /api/collections/`), each file uploaded
 * (`POST /api/documents/`, multipart) under a name of its own in that pass's collection, so a file
 * used again is another document. Then waits until the server has processed them all.
 *
 * Throws when an upload is refused or a document does not end `completed`: a bench over failed
 * documents would sync less than it says.
 */
export async function seedCorpusDocuments(
  server: QuireServer,
  token: string,
  count: number,
): Promise<SeededCorpus> {
  const auth = { authorization: `Bearer ${token}` }
  const paths = corpusUploadFiles()
  if (paths.length === 0) throw new Error('no corpus files to upload')
  const contents = new Map<string, Uint8Array<ArrayBuffer>>()
  for (const path of paths) contents.set(path, new Uint8Array(await readFile(corpusFile(path))))

  const start = performance.now()
  const collections: string[] = []
  const uploaded: string[] = []
  let uploadBytes = 0
  for (let i = 0; i < count; i++) {
    const pass = Math.floor(i / paths.length)
    if (collections.length <= pass) collections.push(await createCollection(server.url, auth, pass + 1))
    const path = paths[i % paths.length]!
    const bytes = contents.get(path)!
    const name = `${basename(path, extname(path))} (copy ${pass + 1})${extname(path)}`
    const form = new FormData()
    form.append('collection_id', collections[pass]!)
    form.append('file', new Blob([bytes]), name)
    const response = await fetch(`${server.url}/api/documents/`, {
      method: 'POST',
      headers: auth,
      body: form,
    })
    const text = await response.text()
    if (response.status !== 201) throw new Error(`uploading ${path} answered ${response.status}: ${text}`)
    uploaded.push((JSON.parse(text) as { id: string }).id)
    uploadBytes += bytes.length
  }
  await server.idle()
  const ms = performance.now() - start

  const listed = await fetch(`${server.url}/api/documents/`, { headers: auth })
  if (listed.status !== 200) throw new Error(`listing documents answered ${listed.status}`)
  const all = (await listed.json()) as (SeededDocument & { status: string; metadata: { error?: string } })[]
  const byId = new Map(all.map((document) => [document.id, document]))
  const documents = uploaded.map((id) => {
    const document = byId.get(id)
    if (!document) throw new Error(`the uploaded document ${id} is not listed`)
    if (document.status !== 'completed' || document.chunk_count === 0) {
      throw new Error(
        `${document.original_filename} ended ${document.status} with ${document.chunk_count} chunks` +
          (document.metadata.error ? `: ${document.metadata.error}` : ''),
      )
    }
    const { collection_id, original_filename, file_size, chunk_count } = document
    return { id, collection_id, original_filename, file_size, chunk_count }
  })
  return { documents, collections: collections.length, uploadBytes, ms }
}

async function createCollection(url: string, auth: Record<string, string>, pass: number): Promise<string> {
  const response = await fetch(`${url}/api/collections/`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Corpus copy ${pass}`, description: `Pass ${pass} over the shared corpus` }),
  })
  const text = await response.text()
  if (response.status !== 201) throw new Error(`creating a collection answered ${response.status}: ${text}`)
  return (JSON.parse(text) as { id: string }).id
}

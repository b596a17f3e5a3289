import { z } from 'zod'
import { ApiError } from '../api/ApiError'
import { exceedsJsonDepth } from '../api/exceedsJsonDepth'
import type { PackageLimits } from '../plugins/package/PackageLimits'
import { recordKindOf } from '../api/platform/recordKinds'
import { unpackZip } from '../plugins/package/unpackZip'
import { UnpackBudget } from '../plugins/package/UnpackBudget'
import type { ChatMessage } from '../store/ChatMessage'
import type { ChatSession } from '../store/ChatSession'
import type { ChunkRecord } from '../store/ChunkRecord'
import type { NewCollection } from '../store/Collection'
import type { DocumentRecord } from '../store/DocumentRecord'
import { sha256Hex } from '../store/FileStore'
import type { StoredRecord } from '../store/StoredRecord'
import { decodeChunks } from '../sync/appData/chunkBlob'
import { SYNCED_RECORD_KINDS } from '../sync/appData/syncKinds'
import { pluginFileKeys } from './archiveEntries'
import { archiveRefused, EXPORT_AGAIN, fromPackageError } from './archiveError'
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_LIMITS,
  entryPath,
  MANIFEST_PATH,
  manifestSchema,
  type ArchiveManifest,
} from './archiveFormat'

export interface ArchivedDocument {
  document: Omit<DocumentRecord, 'progress'>
  /** Its passages with vectors, as exported (empty: it has none, and is processed on import). */
  chunks: ChunkRecord[]
}

/** An archive read whole and checked: nothing in it is used before all of it passed. */
export interface ArchiveContents {
  manifest: ArchiveManifest
  collections: NewCollection[]
  documents: ArchivedDocument[]
  /** Original files by SHA-256. */
  files: Map<string, Uint8Array>
  chats: Array<{ session: Omit<ChatSession, 'message_count'>; messages: ChatMessage[] }>
  records: StoredRecord[]
  settings: Record<string, unknown> | undefined
}

const id = z.string().min(1).max(200)
const time = z.string().min(1).max(64)
const object = z.record(z.string(), z.unknown())

const collectionEntry = z.object({
  id,
  name: z.string().max(10_000),
  description: z.string().max(100_000),
  color: z.string().max(100).nullable(),
  created_at: time,
  updated_at: time,
})

const documentEntry = z.object({
  id,
  filename: z.string().min(1).max(1000),
  original_filename: z.string().max(1000),
  file_path: z.string().regex(/^files\/[0-9a-f]{64}$/),
  file_size: z.number().int().nonnegative(),
  document_type: z.string().max(100),
  collection_id: id,
  status: z.enum(['pending', 'processing', 'completed', 'failed']),
  created_at: time,
  processed_at: time.nullable(),
  metadata: object,
  chunk_count: z.number().int().nonnegative(),
  passages: z.string().max(300).nullable(),
})

const chatEntry = z.object({
  session: z.object({
    id,
    name: z.string().max(10_000),
    collection_id: id.nullable(),
    created_at: time,
    updated_at: time,
  }),
  messages: z.array(
    z.object({
      id,
      session_id: id,
      role: z.enum(['user', 'assistant', 'system']),
      content: z.string(),
      metadata: object,
      created_at: time,
      collection_id: id.nullable(),
    }),
  ),
})

const recordEntry = z.object({
  kind: z.string(),
  id,
  parent_id: id.nullable(),
  data: object,
  created_at: time,
  updated_at: time,
})

/**
 * Reads an archive as hostile input: unpacked by the plugin packages' reader (zip-slip paths, links,
 * encryption, sizes, counts and the compression ratio checked while inflating, ARCHIVE_LIMITS), then
 * held to its manifest: our format, a version this Quire reads, every entry present with the SHA-256
 * the manifest gives and nothing else in it, every entry of the shape it must have. Any failure is a
 * 400 saying what is wrong and what to do, before anything is written.
 */
export async function readArchive(
  bytes: Uint8Array,
  limits: PackageLimits = ARCHIVE_LIMITS,
): Promise<ArchiveContents> {
  let unpacked: Map<string, Uint8Array>
  try {
    const files = unpackZip(bytes, new UnpackBudget(limits))
    unpacked = new Map(files.map((file) => [file.path, file.bytes]))
  } catch (error) {
    if (error instanceof ApiError && /\((maxTotalBytes|maxFileBytes)\)/.test(String(error.detail))) {
      throw archiveRefused(
        `it unpacks to more than ${Math.round(limits.maxTotalBytes / 1048576)} MB, more than this Quire takes in one import`,
        'Export and import your collections one at a time (“Export this collection”); nothing was imported.',
      )
    }
    throw fromPackageError(error)
  }
  const manifest = readManifest(unpacked.get(MANIFEST_PATH))
  unpacked.delete(MANIFEST_PATH)
  for (const [path, hash] of Object.entries(manifest.entries)) {
    const entry = unpacked.get(path)
    if (!entry) throw archiveRefused(`it is incomplete (${JSON.stringify(path)} is missing)`, EXPORT_AGAIN)
    if ((await sha256Hex(entry)) !== hash) {
      throw archiveRefused(
        `it is damaged (${JSON.stringify(path)} does not match its checksum)`,
        EXPORT_AGAIN,
      )
    }
  }
  for (const path of unpacked.keys()) {
    if (!(path in manifest.entries)) {
      throw archiveRefused(`it holds ${JSON.stringify(path)}, which its manifest does not list`, EXPORT_AGAIN)
    }
  }
  return readEntries(manifest, unpacked)
}

const FOREIGN =
  'Choose a file made by Quire’s “Export my data” or “Export this collection”; nothing was imported.'

function readManifest(bytes: Uint8Array | undefined): ArchiveManifest {
  if (!bytes) throw archiveRefused('it is not a Quire archive (it has no manifest.json)', FOREIGN)
  const raw = parseJson(bytes, MANIFEST_PATH)
  const head = z.object({ format: z.unknown(), format_version: z.unknown() }).safeParse(raw)
  if (!head.success || head.data.format !== ARCHIVE_FORMAT) {
    throw archiveRefused('it is not a Quire archive (its manifest names another format)', FOREIGN)
  }
  const version = head.data.format_version
  if (typeof version === 'number' && version > ARCHIVE_FORMAT_VERSION) {
    throw archiveRefused(
      `it was made by a newer Quire (archive format ${version}; this Quire reads format ${ARCHIVE_FORMAT_VERSION} and older)`,
      `Update Quire to a version that reads archive format ${version}, then import it again; nothing was imported.`,
    )
  }
  const manifest = manifestSchema.safeParse(raw)
  if (!manifest.success) throw archiveRefused('its manifest.json is malformed', EXPORT_AGAIN)
  return manifest.data
}

function parseJson(bytes: Uint8Array, path: string): unknown {
  let text: string
  let value: unknown
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    value = JSON.parse(text)
  } catch {
    throw archiveRefused(`${JSON.stringify(path)} is not JSON`, EXPORT_AGAIN)
  }
  // As for request bodies: what is stored is later stringified and validated recursively.
  if (exceedsJsonDepth(text)) {
    throw archiveRefused(`${JSON.stringify(path)} is nested too deeply`, EXPORT_AGAIN)
  }
  return value
}

function parseEntry<T extends z.ZodType>(schema: T, bytes: Uint8Array, path: string): z.output<T> {
  const parsed = schema.safeParse(parseJson(bytes, path))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw archiveRefused(
      `${JSON.stringify(path)} is malformed (${issue ? `${issue.path.join('.') || 'the entry'}: ${issue.message}` : 'invalid'})`,
      EXPORT_AGAIN,
    )
  }
  return parsed.data
}

function readEntries(manifest: ArchiveManifest, entries: Map<string, Uint8Array>): ArchiveContents {
  const contents: ArchiveContents = {
    manifest,
    collections: [],
    documents: [],
    files: new Map(),
    chats: [],
    records: [],
    settings: undefined,
  }
  const wrongName = (path: string) =>
    archiveRefused(`${JSON.stringify(path)} does not name what it holds`, EXPORT_AGAIN)
  for (const [path, bytes] of entries) {
    const [folder, name = '', ...rest] = path.split('/')
    if (rest.length > 0)
      throw archiveRefused(`it holds ${JSON.stringify(path)}, an entry Quire does not write`, FOREIGN)
    if (folder === 'files') {
      // Checked against the manifest, which itself is checked: the name must be the bytes' hash.
      if (manifest.entries[path] !== name) throw wrongName(path)
      contents.files.set(name, bytes)
    } else if (folder === 'collections') {
      const collection = parseEntry(collectionEntry, bytes, path)
      if (path !== entryPath.collection(collection.id)) throw wrongName(path)
      contents.collections.push(collection)
    } else if (folder === 'documents' && name.endsWith('.passages.json')) {
      continue // read with its document
    } else if (folder === 'documents') {
      const { passages, ...document } = parseEntry(documentEntry, bytes, path)
      if (path !== entryPath.document(document.id)) throw wrongName(path)
      contents.documents.push({ document, chunks: readPassages(entries, passages, document.id) })
    } else if (folder === 'chats') {
      const chat = parseEntry(chatEntry, bytes, path)
      if (path !== entryPath.chat(chat.session.id)) throw wrongName(path)
      if (chat.messages.some((message) => message.session_id !== chat.session.id)) throw wrongName(path)
      contents.chats.push(chat)
    } else if (folder === 'records') {
      const kind = name.replace(/\.json$/, '')
      const declaration = recordKindOf(kind)
      if (!declaration || !SYNCED_RECORD_KINDS.includes(kind)) {
        throw archiveRefused(
          `it holds records of a kind this Quire does not know (${JSON.stringify(kind)})`,
          FOREIGN,
        )
      }
      for (const record of parseEntry(z.array(recordEntry), bytes, path)) {
        if (record.kind !== kind) throw wrongName(path)
        if (!declaration.fields.safeParse(record.data).success) {
          throw archiveRefused(
            `${JSON.stringify(path)} holds a malformed ${kind} (${record.id})`,
            EXPORT_AGAIN,
          )
        }
        contents.records.push(record)
      }
    } else if (path === entryPath.settings) {
      contents.settings = parseEntry(object, bytes, path)
    } else {
      throw archiveRefused(`it holds ${JSON.stringify(path)}, an entry Quire does not write`, FOREIGN)
    }
  }
  checkReferences(contents)
  return contents
}

function readPassages(
  entries: Map<string, Uint8Array>,
  path: string | null,
  documentId: string,
): ChunkRecord[] {
  if (path === null) return []
  const bytes = path === entryPath.passages(documentId) ? entries.get(path) : undefined
  if (!bytes) throw archiveRefused(`the passages of document ${documentId} are missing`, EXPORT_AGAIN)
  try {
    return decodeChunks(bytes)
  } catch {
    throw archiveRefused(`the passages of document ${documentId} are malformed`, EXPORT_AGAIN)
  }
}

/** Every document's file and collection is in the archive (or, for a collection's chats, may be absent). */
function checkReferences(contents: ArchiveContents): void {
  const collections = new Set(contents.collections.map((collection) => collection.id))
  for (const { document } of contents.documents) {
    if (!collections.has(document.collection_id)) {
      throw archiveRefused(`document ${document.id} belongs to a collection the archive lacks`, EXPORT_AGAIN)
    }
    if (!contents.files.has(document.file_path.slice('files/'.length))) {
      throw archiveRefused(`the file of document ${document.id} is missing`, EXPORT_AGAIN)
    }
  }
  for (const record of contents.records) {
    for (const key of pluginFileKeys(record.data)) {
      if (!contents.files.has(key)) {
        throw archiveRefused(`a file of the ${record.kind} ${record.id} is missing`, EXPORT_AGAIN)
      }
    }
  }
}

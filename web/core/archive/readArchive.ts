import { z } from 'zod'
import type { ByteSource } from '../kernel/bytes/ByteSource'
import { ApiError } from '../kernel/ApiError'
import type { PackageLimits } from '../plugins/package/PackageLimits'
import { recordKindOf } from '../sync/appData/recordKinds'
import { StreamedZip } from '../plugins/package/StreamedZip'
import { UnpackBudget } from '../plugins/package/UnpackBudget'
import type { ChatMessage } from '../store/ChatMessage'
import type { ChatSession } from '../store/ChatSession'
import type { ChunkRecord } from '../store/ChunkRecord'
import type { NewCollection } from '../store/Collection'
import type { DocumentRecord } from '../store/DocumentRecord'
import { sha256Hex, toHex } from '../store/FileStore'
import { Sha256 } from '../store/Sha256'
import type { StoredRecord } from '../store/StoredRecord'
import { CHUNK_BLOB_FORMAT, decodeChunk } from '../sync/appData/chunkBlob'
import { timeSlicer } from '../kernel/time/timeSlicer'
import { SYNCED_RECORD_KINDS } from '../sync/appData/syncKinds'
import { pluginFileKeys } from './archiveEntries'
import { ArchiveJsonReader, parseArchiveJson } from './ArchiveJsonReader'
import { archiveRefused, EXPORT_AGAIN, fromPackageError } from './archiveError'
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_JSON_LIMITS,
  ARCHIVE_LIMITS,
  entryPath,
  MANIFEST_PATH,
  manifestSchema,
  type ArchiveJsonLimits,
  type ArchiveManifest,
} from './archiveFormat'

export interface ArchivedDocument {
  document: Omit<DocumentRecord, 'progress'>
  /** Whether it was exported with its passages (else it is processed on import). */
  hasPassages: boolean
  /** Its passages with vectors, as exported (empty: it has none), read from the archive when asked. */
  chunks(): Promise<ChunkRecord[]>
}

/** A chat session of the archive; its messages are read from the archive, one at a time, when asked. */
export interface ArchivedChat {
  session: Omit<ChatSession, 'message_count'>
  /** Hands each message to `onMessage` (awaited) as it is read; a long chat is never held whole. */
  forEachMessage(onMessage: (message: ChatMessage) => Promise<void>): Promise<void>
}

/**
 * An archive checked whole: nothing in it is used before all of it passed. What is small (the
 * manifest, collections, documents' metadata, records, settings) is held; files, passages and chats
 * are read again from the archive, one at a time, when the import comes to them (and checked against
 * the manifest's SHA-256 again), so an import holds one entry at a time, whatever the archive's size.
 */
export interface ArchiveContents {
  manifest: ArchiveManifest
  collections: NewCollection[]
  documents: ArchivedDocument[]
  /** Original files' SHA-256 keys. */
  files: ReadonlySet<string>
  /** An original file's bytes, by its key. */
  readFile(key: string): Promise<Uint8Array>
  chats: ArchivedChat[]
  records: StoredRecord[]
  settings: Record<string, unknown> | undefined
  /** Lets the archive go (its file closed); called once the import has ended. */
  close(): Promise<void>
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

/** A chat entry besides its messages, which are read one at a time (`chatMessage`). */
const chatFrame = z.object({
  session: z.object({
    id,
    name: z.string().max(10_000),
    collection_id: id.nullable(),
    created_at: time,
    updated_at: time,
  }),
  messages: z.array(z.never()),
})

const chatMessage = z.object({
  id,
  session_id: id,
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string(),
  metadata: object,
  created_at: time,
  collection_id: id.nullable(),
})

const passagesFrame = z.object({ format: z.literal(CHUNK_BLOB_FORMAT), chunks: z.array(z.never()) })

const recordEntry = z.object({
  kind: z.string(),
  id,
  parent_id: id.nullable(),
  data: object,
  created_at: time,
  updated_at: time,
})

/**
 * Reads an archive as hostile input, where it lies (`source`: the uploaded file), a range at a time:
 * its central directory checked by the zip reader (zip-slip paths, links, encryption, sizes, counts and
 * the compression ratio, ARCHIVE_LIMITS), then held to its manifest: our format, a version this Quire
 * reads, every entry present with the SHA-256 the manifest gives and nothing else in it, every entry
 * of the shape it must have. Each entry is inflated as a stream while it is checked; the big ones
 * (files, passages, chats) are not kept. Any failure is a 400 saying what is wrong and what to do,
 * before anything is written, and the source is closed; otherwise the caller closes the contents.
 */
export async function readArchive(
  source: ByteSource,
  limits: PackageLimits = ARCHIVE_LIMITS,
  jsonLimits: ArchiveJsonLimits = ARCHIVE_JSON_LIMITS,
): Promise<ArchiveContents> {
  try {
    return await readChecked(source, limits, jsonLimits)
  } catch (error) {
    await source.close().catch(() => undefined)
    throw error
  }
}

async function readChecked(
  source: ByteSource,
  limits: PackageLimits,
  jsonLimits: ArchiveJsonLimits,
): Promise<ArchiveContents> {
  const zip = await inPackageTerms(limits, () => StreamedZip.open(source, new UnpackBudget(limits)))
  if (!zip.entries.has(MANIFEST_PATH)) {
    throw archiveRefused('it is not a Quire archive (it has no manifest.json)', FOREIGN)
  }
  // Read whole before its checksums are known: its declared size is held to MAX_MANIFEST_BYTES.
  const manifestEntry = zip.entries.get(MANIFEST_PATH)
  if (manifestEntry && manifestEntry.size > MAX_MANIFEST_BYTES) {
    throw archiveRefused('its manifest.json is too large', EXPORT_AGAIN)
  }
  const manifest = readManifest(await inPackageTerms(limits, () => zip.bytes(MANIFEST_PATH)))
  for (const path of Object.keys(manifest.entries)) {
    if (!zip.entries.has(path))
      throw archiveRefused(`it is incomplete (${JSON.stringify(path)} is missing)`, EXPORT_AGAIN)
  }
  for (const path of zip.entries.keys()) {
    if (path !== MANIFEST_PATH && !(path in manifest.entries)) {
      throw archiveRefused(`it holds ${JSON.stringify(path)}, which its manifest does not list`, EXPORT_AGAIN)
    }
  }
  const json = new ArchiveJsonReader(zip, manifest.entries, jsonLimits, (read) =>
    inPackageTerms(limits, read),
  )
  const contents = await readEntries(manifest, zip, json, limits)
  checkReferences(contents)
  return contents
}

/** A manifest is a few hundred bytes an entry: this is far past maxFiles' worth. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024

const damaged = (path: string) =>
  archiveRefused(`it is damaged (${JSON.stringify(path)} does not match its checksum)`, EXPORT_AGAIN)

/** Runs a read of the zip with the package reader's refusals reworded for an archive. */
async function inPackageTerms<T>(limits: PackageLimits, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    const limit = error instanceof ApiError && /\((maxTotalBytes|maxFileBytes)\)/.exec(String(error.detail))
    if (limit) {
      const mb = (bytes: number) => Math.round(bytes / 1048576)
      throw archiveRefused(
        limit[1] === 'maxFileBytes'
          ? `one of its entries unpacks to more than ${mb(limits.maxFileBytes)} MB, more than this Quire takes in one entry`
          : `it unpacks to more than ${mb(limits.maxTotalBytes)} MB, more than this Quire takes in one import`,
        'Export and import your collections one at a time (“Export this collection”); nothing was imported.',
      )
    }
    throw fromPackageError(error)
  }
}

const FOREIGN =
  'Choose a file made by Quire’s “Export my data” or “Export this collection”; nothing was imported.'

function readManifest(bytes: Uint8Array): ArchiveManifest {
  const raw = parseArchiveJson(bytes, MANIFEST_PATH)
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

/** A value of an entry held to its schema; refused saying where it is wrong. */
function checked<T extends z.ZodType>(schema: T, value: unknown, path: string): z.output<T> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw archiveRefused(
      `${JSON.stringify(path)} is malformed (${issue ? `${issue.path.join('.') || 'the entry'}: ${issue.message}` : 'invalid'})`,
      EXPORT_AGAIN,
    )
  }
  return parsed.data
}

/** A document's passages, a passage at a time (each decoded, so checked), handed to `onChunk`. */
async function readPassages(
  json: ArchiveJsonReader,
  path: string,
  documentId: string,
  onChunk: (chunk: ChunkRecord) => void,
): Promise<void> {
  const malformed = () => archiveRefused(`the passages of document ${documentId} are malformed`, EXPORT_AGAIN)
  const frame = await json.list(path, 'chunks', 'maxPassageBytes', (item) => {
    let chunk: ChunkRecord
    try {
      chunk = decodeChunk(item)
    } catch {
      throw malformed()
    }
    onChunk(chunk)
  })
  if (!passagesFrame.safeParse(frame).success) throw malformed()
}

/** Reads every entry once, checking it; keeps what is small and how to read the rest again. */
async function readEntries(
  manifest: ArchiveManifest,
  zip: StreamedZip,
  json: ArchiveJsonReader,
  limits: PackageLimits,
): Promise<ArchiveContents> {
  const files = new Set<string>()
  const contents: ArchiveContents = {
    manifest,
    collections: [],
    documents: [],
    files,
    readFile: async (key) => {
      const path = entryPath.file(key)
      const bytes = await inPackageTerms(limits, () => zip.bytes(path))
      if ((await sha256Hex(bytes)) !== manifest.entries[path]) throw damaged(path)
      return bytes
    },
    chats: [],
    records: [],
    settings: undefined,
    close: () => zip.close(),
  }
  const wrongName = (path: string) =>
    archiveRefused(`${JSON.stringify(path)} does not name what it holds`, EXPORT_AGAIN)
  // What is kept until the import ends, counted against maxHeldBytes as it is read.
  let held = 0
  const hold = (bytes: number) => {
    held += bytes
    if (held > json.limits.maxHeldBytes) {
      throw archiveRefused(
        `its collections, documents’ metadata, records and settings add up to more than ${Math.round(json.limits.maxHeldBytes / 1048576)} MB, the most this Quire reads in one import (maxHeldBytes)`,
        'Export and import your collections one at a time (“Export this collection”); nothing was imported.',
      )
    }
  }
  const slice = timeSlicer()
  for (const path of zip.entries.keys()) {
    await slice()
    if (path === MANIFEST_PATH) continue
    const [folder, name = '', ...rest] = path.split('/')
    if (rest.length > 0)
      throw archiveRefused(`it holds ${JSON.stringify(path)}, an entry Quire does not write`, FOREIGN)
    if (folder === 'files') {
      // Checked against the manifest, which itself is checked: the name must be the bytes' hash.
      if (manifest.entries[path] !== name) throw wrongName(path)
      // Hashed as it inflates, never held: original files are most of an archive.
      const hash = new Sha256()
      await inPackageTerms(limits, () =>
        zip.read(path, async (chunk) => {
          hash.update(chunk)
          await slice()
        }),
      )
      if (toHex(hash.digest()) !== name) throw damaged(path)
      files.add(name)
    } else if (folder === 'collections') {
      const { value, bytes } = await json.whole(path, 'maxCollectionBytes')
      const collection = checked(collectionEntry, value, path)
      if (path !== entryPath.collection(collection.id)) throw wrongName(path)
      hold(bytes)
      contents.collections.push(collection)
    } else if (folder === 'documents' && name.endsWith('.passages.json')) {
      continue // read with its document
    } else if (folder === 'documents') {
      const { value, bytes } = await json.whole(path, 'maxDocumentBytes')
      const { passages, ...document } = checked(documentEntry, value, path)
      if (path !== entryPath.document(document.id)) throw wrongName(path)
      hold(bytes)
      if (passages !== null) {
        if (passages !== entryPath.passages(document.id) || !zip.entries.has(passages)) {
          throw archiveRefused(`the passages of document ${document.id} are missing`, EXPORT_AGAIN)
        }
        // Read a passage at a time to be checked, then let go; read again when the import comes to it.
        await readPassages(json, passages, document.id, () => undefined)
      }
      contents.documents.push({
        document,
        hasPassages: passages !== null,
        chunks: async () => {
          const chunks: ChunkRecord[] = []
          if (passages !== null)
            await readPassages(json, passages, document.id, (chunk) => chunks.push(chunk))
          return chunks
        },
      })
    } else if (folder === 'chats') {
      const forEachMessage = async (onMessage: (message: ChatMessage) => Promise<void>) => {
        const frame = await json.list(path, 'messages', 'maxMessageBytes', async (item) => {
          const message = checked(chatMessage, item, path)
          await onMessage(message)
        })
        return checked(chatFrame, frame, path)
      }
      // Checked now, a message at a time (its session is known only at the end: the frame).
      let sessionId: string | undefined
      const { session } = await forEachMessage(async (message) => {
        sessionId ??= message.session_id
        if (message.session_id !== sessionId) throw wrongName(path)
      })
      if (path !== entryPath.chat(session.id)) throw wrongName(path)
      if (sessionId !== undefined && sessionId !== session.id) throw wrongName(path)
      contents.chats.push({
        session,
        forEachMessage: async (onMessage) => {
          await forEachMessage(async (message) => {
            if (message.session_id !== session.id) throw wrongName(path)
            await onMessage(message)
          })
        },
      })
    } else if (folder === 'records') {
      const kind = name.replace(/\.json$/, '')
      const declaration = recordKindOf(kind)
      if (!declaration || !SYNCED_RECORD_KINDS.includes(kind)) {
        throw archiveRefused(
          `it holds records of a kind this Quire does not know (${JSON.stringify(kind)})`,
          FOREIGN,
        )
      }
      await json.list(path, null, 'maxRecordBytes', (item, bytes) => {
        const record = checked(recordEntry, item, path)
        if (record.kind !== kind) throw wrongName(path)
        if (!declaration.fields.safeParse(record.data).success) {
          throw archiveRefused(
            `${JSON.stringify(path)} holds a malformed ${kind} (${record.id})`,
            EXPORT_AGAIN,
          )
        }
        hold(bytes)
        contents.records.push(record)
      })
    } else if (path === entryPath.settings) {
      const { value, bytes } = await json.whole(path, 'maxSettingsBytes')
      hold(bytes)
      contents.settings = checked(object, value, path)
    } else {
      throw archiveRefused(`it holds ${JSON.stringify(path)}, an entry Quire does not write`, FOREIGN)
    }
  }
  return contents
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

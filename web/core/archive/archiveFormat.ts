import { z } from 'zod'
import type { PackageLimits } from '../plugins/package/PackageLimits'

/**
 * The archive of a person's data (DESIGN.md section 13), one format for both hosts: a zip whose
 * `manifest.json` names the format and its version, the app that wrote it, what it holds (counts) and
 * the SHA-256 of every other entry. The entries:
 *
 * - `collections/<id>.json` — a collection (name, description, colour, times).
 * - `documents/<id>.json` — a document's metadata (name, type, status, pages, tags...) naming its file.
 * - `documents/<id>.passages.json` — its processed passages with their vectors and embedder id, in the
 *   sync chunk blob's encoding (`chunkBlob.ts`), so an import with the same embedder processes nothing.
 * - `files/<sha256>` — original files (documents', plugins' package files), stored once by content.
 * - `chats/<id>.json` — a chat session with its messages (and their sources).
 * - `records/<kind>.json` — platform records of each kind that `recordKinds.ts` declares and that leaves
 *   its host (conversations, personas, settings, pages, navigation, plugin state, plugins...).
 * - `settings.json` — the app's settings, API keys left out (the manifest says so).
 */
export const ARCHIVE_FORMAT = 'quire-archive'
/** Raised when an older reader could no longer read an archive right; a reader refuses a higher one. */
export const ARCHIVE_FORMAT_VERSION = 1
/** The app version written into manifests (package.json's). */
export const QUIRE_VERSION = '1.0.0'
export const MANIFEST_PATH = 'manifest.json'
export const SECRETS_NOTE =
  'API keys and other secrets are not in this archive: enter them again in Settings after importing.'

export const entryPath = {
  collection: (id: string) => `collections/${id}.json`,
  document: (id: string) => `documents/${id}.json`,
  passages: (id: string) => `documents/${id}.passages.json`,
  file: (key: string) => `files/${key}`,
  chat: (id: string) => `chats/${id}.json`,
  records: (kind: string) => `records/${kind}.json`,
  settings: 'settings.json',
}

const sha = z.string().regex(/^[0-9a-f]{64}$/)
const count = z.number().int().nonnegative()

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  format_version: z.number().int().positive(),
  quire_version: z.string().max(100),
  created_at: z.string().max(64),
  scope: z.object({ collection_id: z.string().max(200).nullable(), include_chats: z.boolean() }),
  counts: z.object({
    collections: count,
    documents: count,
    files: count,
    chat_sessions: count,
    chat_messages: count,
    records: count,
  }),
  secrets: z.string().max(500),
  /** Every other entry's path and the SHA-256 of its bytes. */
  entries: z.record(z.string().max(300), sha),
})
export type ArchiveManifest = z.infer<typeof manifestSchema>

/**
 * How much an archive may hold once unpacked, checked while unpacking with the plugin packages'
 * hostile-archive reader. A person's data is bigger than a plugin: many files, some large; JSON and
 * text deflate well, but nothing of theirs comes near a compression bomb's thousandfold.
 */
export const ARCHIVE_LIMITS: PackageLimits = Object.freeze({
  maxFiles: 200_000,
  maxTotalBytes: 8 * 1024 * 1024 * 1024,
  maxFileBytes: 1024 * 1024 * 1024,
  maxRatio: 100,
})

const MB = 1024 * 1024

/**
 * How much JSON an import reads, by what it holds (checked while each entry inflates, before it is
 * parsed: an entry past its cap stops inflating there). Entries that grow with a person's data (a
 * document's passages, a chat's messages, a kind's records) are read an item at a time, each item
 * capped; the others are read whole under a cap of their own. What the import keeps in memory until
 * it ends (collections, documents' metadata, records, settings) is capped together. Each is far past
 * real data: a passage is a few KB (its text of some 300 tokens and a vector of at most a few
 * thousand floats), a 1,000-page document's passages some 20 MB in all, read a passage at a time; a
 * document's metadata (pages, title, word count, language, embedder, error) a few hundred bytes.
 */
export const ARCHIVE_JSON_LIMITS = Object.freeze({
  /** `collections/<id>.json`. */
  maxCollectionBytes: 1 * MB,
  /** `documents/<id>.json`: a document's metadata. */
  maxDocumentBytes: 4 * MB,
  /** `settings.json`. */
  maxSettingsBytes: 4 * MB,
  /** One record of `records/<kind>.json` (a page with its layout, a plugin's state). */
  maxRecordBytes: 8 * MB,
  /** One passage of `documents/<id>.passages.json`, its text and vector. */
  maxPassageBytes: 2 * MB,
  /** One message of `chats/<id>.json`, with its sources. */
  maxMessageBytes: 4 * MB,
  /** What a listed entry holds besides its list (a chat's session, a passages entry's format). */
  maxFrameBytes: 1 * MB,
  /** Any one string, anywhere (a message's text, a passage's, a metadata field). */
  maxStringChars: 2 * MB,
  /** Collections, documents' metadata, records and settings together, held until the import ends. */
  maxHeldBytes: 128 * MB,
})
export type ArchiveJsonLimits = typeof ARCHIVE_JSON_LIMITS

/** How large one entry of an imported archive may be, as a multiple of the host's upload limit. */
export const IMPORT_UNPACKED_FACTOR = 4

/**
 * An import is read where the upload lies, a range at a time (`readArchive`): the archive as a whole
 * is bounded only by ARCHIVE_LIMITS (and the upload limit on its compressed size). One entry (a file,
 * a document's passages, a chat) is held in memory at a time while it is checked and stored, so that is
 * bounded: four times the upload limit (a document's file was at most that when it was uploaded; its
 * passages with vectors a few times theirs), and 1 GB at most.
 */
export function importLimits(maxUploadBytes: number): PackageLimits {
  return Object.freeze({
    ...ARCHIVE_LIMITS,
    maxFileBytes: Math.min(ARCHIVE_LIMITS.maxFileBytes, IMPORT_UNPACKED_FACTOR * maxUploadBytes),
  })
}

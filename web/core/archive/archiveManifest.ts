import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  QUIRE_VERSION,
  SECRETS_NOTE,
  type ArchiveManifest,
} from './archiveFormat'

/** What the manifest says besides the entries: when it was made and what it holds. */
export type ManifestHead = Pick<ArchiveManifest, 'created_at' | 'scope'>

/** The manifest of an archive in this app's format: its head, what it counts, each entry's SHA-256. */
export function archiveManifest(
  head: ManifestHead,
  counts: ArchiveManifest['counts'],
  entries: Record<string, string>,
): ArchiveManifest {
  return {
    format: ARCHIVE_FORMAT,
    format_version: ARCHIVE_FORMAT_VERSION,
    quire_version: QUIRE_VERSION,
    ...head,
    counts,
    secrets: SECRETS_NOTE,
    entries,
  }
}

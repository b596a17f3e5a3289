import { sha256Hex } from '../store/FileStore'

const encoder = new TextEncoder()

/**
 * The id a followed file's document is born with: derived from the collection, the file's path and its
 * content, so two devices that follow the same folder (each with its own handle or path; the folder
 * binding is a place on one device and never syncs) make the same document for the same file, and sync
 * merges the two into one instead of showing it twice. A UUID (version 8, RFC 9562's custom layout), as
 * every document id is. The id is kept once given: an edited or renamed file keeps its document.
 */
export async function folderDocumentId(
  collectionId: string,
  path: string,
  contentHash: string,
): Promise<string> {
  const hex = await sha256Hex(encoder.encode(`quire-folder-file\n${collectionId}\n${path}\n${contentHash}`))
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

import { ParseError } from '../../../ParseError'
import { recordAt, RT, u32 } from './pptRecords'

/** Where each persist object (document, slides, notes) starts in the PowerPoint Document stream. */
export interface PersistDirectory {
  offsets: Map<number, number>
  /** Persist id of the DocumentContainer. */
  documentId: number
}

const ENCRYPTED_TOKEN = 0xf3d1c4df
const MAX_EDITS = 4096

/**
 * Reads the persist directory (MS-PPT 2.1.2): the Current User stream names the offset of the
 * newest UserEditAtom; each edit points to its PersistDirectoryAtom (runs of persist ids with their
 * stream offsets) and to the previous edit. Newer edits win. The chain is followed at most
 * MAX_EDITS times and never revisits an offset, so a looping chain ends.
 */
export function readPersistDirectory(currentUser: Uint8Array, document: DataView): PersistDirectory {
  if (currentUser.length < 20)
    throw new ParseError('corrupt', 'The PowerPoint file is damaged: its user record is missing')
  const user = new DataView(currentUser.buffer, currentUser.byteOffset, currentUser.byteLength)
  if (user.getUint32(12, true) === ENCRYPTED_TOKEN) {
    throw new ParseError(
      'not_supported',
      'This PowerPoint file is encrypted; remove the password and upload it again',
    )
  }
  const offsets = new Map<number, number>()
  const visited = new Set<number>()
  let documentId: number | undefined
  let editOffset = user.getUint32(16, true)
  while (!visited.has(editOffset) && visited.size < MAX_EDITS) {
    visited.add(editOffset)
    const edit = recordAt(document, editOffset)
    if (edit.type !== RT.UserEditAtom)
      throw new ParseError('corrupt', 'The PowerPoint file is damaged: its edit history is broken')
    // An encryptSessionPersistIdRef (a 32-byte atom) means the document streams are encrypted.
    if (edit.end - edit.start >= 32) {
      throw new ParseError(
        'not_supported',
        'This PowerPoint file is encrypted; remove the password and upload it again',
      )
    }
    documentId ??= u32(document, edit, 16)
    const directoryOffset = u32(document, edit, 12)
    if (directoryOffset !== undefined) readDirectory(document, directoryOffset, offsets)
    const previous = u32(document, edit, 8)
    if (previous === undefined || previous === 0) break
    editOffset = previous
  }
  if (documentId === undefined)
    throw new ParseError('corrupt', 'The PowerPoint file is damaged: its edit history is broken')
  return { offsets, documentId }
}

function readDirectory(document: DataView, offset: number, offsets: Map<number, number>): void {
  const directory = recordAt(document, offset)
  if (directory.type !== RT.PersistDirectoryAtom) return
  let position = directory.start
  while (position + 4 <= directory.end) {
    const entry = document.getUint32(position, true)
    const firstId = entry & 0xfffff
    const count = entry >>> 20
    position += 4
    for (let i = 0; i < count && position + 4 <= directory.end; i++, position += 4) {
      if (!offsets.has(firstId + i)) offsets.set(firstId + i, document.getUint32(position, true))
    }
  }
}

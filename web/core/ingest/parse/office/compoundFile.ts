import * as CFB from 'cfb'
import { ParseError } from '../../ParseError'

/** The streams of an OLE compound file (Word 97-2003, PowerPoint 97-2003). */
export interface CompoundFile {
  /** A top-level stream's bytes by name ('WordDocument', '1Table'); undefined if absent. */
  stream(name: string): Uint8Array | undefined
}

const signature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

/**
 * Opens a compound file with SheetJS cfb. The signature is checked first: cfb would otherwise try
 * to read other containers (it also reads ZIPs), and whatever it makes of random bytes is not a
 * Word or PowerPoint file. `what` names the format in the error ("Word 97-2003 document").
 */
export function openCompoundFile(bytes: Uint8Array, what: string): CompoundFile {
  if (bytes.length < 512 || signature.some((byte, i) => bytes[i] !== byte)) {
    throw new ParseError('corrupt', `The file is not a ${what} (it is not an OLE compound file)`)
  }
  let container: CFB.CFB$Container
  try {
    container = CFB.read(bytes, { type: 'array' })
  } catch {
    throw new ParseError('corrupt', `The ${what} is damaged: its compound-file structure cannot be read`)
  }
  const root = container.FullPaths[0] ?? ''
  return {
    stream(name) {
      // An exact top-level lookup: CFB.find falls back to fuzzy matches, which could pick a stream
      // of the same name inside an embedded object. Compound-file names compare case-insensitively.
      const path = `${root}${name}`.toUpperCase()
      const index = container.FullPaths.findIndex((candidate) => candidate.toUpperCase() === path)
      const entry = container.FileIndex[index]
      // type 2 is a stream (1 a storage); cfb hands back a Buffer, Uint8Array or number[].
      if (entry === undefined || entry.type !== 2 || entry.content === undefined) return undefined
      const content = entry.content instanceof Uint8Array ? entry.content : Uint8Array.from(entry.content)
      return content.length > entry.size && entry.size >= 0 ? content.subarray(0, entry.size) : content
    },
  }
}

import type { ChunkStore } from '../../../store/ChunkStore'
import { overridePort } from '../../../store/overridePort'

/**
 * The chunk store as a start's first search sees it, its listings counted: how many chunks each
 * `listChunks` call returned, in order (none when nothing was read).
 */
export function countedListings(chunks: ChunkStore): { chunks: ChunkStore; listed: number[] } {
  const listed: number[] = []
  const counted = overridePort(chunks, {
    listChunks: async (filter) => {
      const found = await chunks.listChunks(filter)
      listed.push(found.length)
      return found
    },
  })
  return { chunks: counted, listed }
}

import { join } from 'node:path'
import type { FileStore } from '../../../web/core/store/FileStore'
import type { Principal } from '../accounts/AccountService'
import type { UserSpaces } from '../spaces/UserSpaces'
import { BlobParts } from './BlobParts'
import type { BlobUploads } from './BlobUploads'

/** Largest blob accepted by default (512 MiB): an option of createApp (`maxBlobBytes`). */
export const DEFAULT_MAX_BLOB_BYTES = 512 * 1024 * 1024

/** What the blob routes run over: the caller's own FileStore and unfinished uploads. */
export interface BlobPorts {
  files: FileStore
  parts: BlobUploads
  maxBlobBytes: number
  principal: Principal
}

export interface BlobPortOptions {
  spaces: UserSpaces
  maxBlobBytes?: number
}

/**
 * Builds the ports of one request. One BlobParts per folder for the app's lifetime, so that its
 * in-process guard against concurrent appends covers every request of that person.
 */
export function blobPorts(options: BlobPortOptions): (principal: Principal) => Promise<BlobPorts> {
  const parts = new Map<string, BlobParts>()
  return async (principal) => {
    const { runtime, dir: home, blobUploads } = await options.spaces.get(principal.user.id)
    const files = runtime.ports.files
    // PostgreSQL deployments keep them in the person's schema, where every instance reaches them.
    if (blobUploads) {
      return {
        files,
        parts: blobUploads,
        maxBlobBytes: options.maxBlobBytes ?? DEFAULT_MAX_BLOB_BYTES,
        principal,
      }
    }
    // In the person's own folder (DATA_DIR/users/<id>/blob-parts; DATA_DIR/blob-parts without accounts).
    const dir = join(home, 'blob-parts')
    let partsOfDir = parts.get(dir)
    if (!partsOfDir) {
      partsOfDir = new BlobParts(dir)
      parts.set(dir, partsOfDir)
    }
    return {
      files,
      parts: partsOfDir,
      maxBlobBytes: options.maxBlobBytes ?? DEFAULT_MAX_BLOB_BYTES,
      principal,
    }
  }
}
